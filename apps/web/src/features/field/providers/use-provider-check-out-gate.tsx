import { useState, type ReactNode } from 'react';
import { needsProviderCheckOut, type ProviderCheckOutView } from './corrigo-api';
import { CorrigoWizardDialog } from './corrigo-wizard-dialog';

interface OpenWizard {
  view: ProviderCheckOutView;
  key: number;
  resolve: (confirmed: boolean) => void;
}

/**
 * The provider's step in front of the Stop Work Order dialog (spec platform 4.3). Given the view data Stop has just
 * read, a work order checked in at the facilities provider gets the Clock Out wizard first. `passCheckOut` resolves
 * true when the stop form may open (no provider check-out needed, or the wizard finished) and false when the
 * technician cancelled. Render `dialog` beside the button.
 */
export function useProviderCheckOutGate(): { passCheckOut: (view: ProviderCheckOutView) => Promise<boolean>; dialog: ReactNode } {
  const [wizard, setWizard] = useState<OpenWizard | null>(null);

  const passCheckOut = (view: ProviderCheckOutView): Promise<boolean> => {
    if (!needsProviderCheckOut(view)) return Promise.resolve(true);
    return new Promise((resolve) => setWizard({ view, key: Date.now(), resolve }));
  };

  const close = (confirmed: boolean) => {
    wizard?.resolve(confirmed);
    setWizard(null);
  };

  const dialog = wizard ? <CorrigoWizardDialog key={wizard.key} view={wizard.view} onClose={close} /> : null;
  return { passCheckOut, dialog };
}
