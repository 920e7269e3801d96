import { useState, type ReactNode } from 'react';
import type { CorrigoStopChoice } from '../clock/clock-api';
import { needsProviderCheckOut, type ProviderCheckOutView } from './corrigo-api';
import { CorrigoWizardDialog } from './corrigo-wizard-dialog';

interface OpenWizard {
  view: ProviderCheckOutView;
  key: number;
  resolve: (choice: CorrigoStopChoice | null) => void;
}

/** The view data the stop form opens with: as read, plus the Corrigo status and comment the wizard took, if it ran. */
export type PassedView<V> = V & { corrigoChoice?: CorrigoStopChoice };

/**
 * The provider's step in front of the Stop Work Order dialog (spec platform 4.3). Given the view data Stop has just
 * read, a work order checked in at the facilities provider gets the Clock Out wizard first. `passCheckOut` resolves
 * the view the stop form opens with (unchanged when no provider check-out was needed; with the wizard's status and
 * comment as `corrigoChoice` when it finished) and null when the technician cancelled. Render `dialog` beside the
 * button.
 */
export function useProviderCheckOutGate(): { passCheckOut: <V extends ProviderCheckOutView>(view: V) => Promise<PassedView<V> | null>; dialog: ReactNode } {
  const [wizard, setWizard] = useState<OpenWizard | null>(null);

  const passCheckOut = <V extends ProviderCheckOutView>(view: V): Promise<PassedView<V> | null> => {
    if (!needsProviderCheckOut(view)) return Promise.resolve(view);
    return new Promise((resolve) =>
      setWizard({ view, key: Date.now(), resolve: (choice) => resolve(choice ? { ...view, corrigoChoice: choice } : null) }),
    );
  };

  const close = (choice: CorrigoStopChoice | null) => {
    wizard?.resolve(choice);
    setWizard(null);
  };

  const dialog = wizard ? <CorrigoWizardDialog key={wizard.key} view={wizard.view} onClose={close} /> : null;
  return { passCheckOut, dialog };
}
