import { Button, Center, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import type { CorrigoCustomerSettings, CorrigoStep, CorrigoWrapperData } from '@sm/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CorrigoStopChoice } from '../clock/clock-api';
import { ClockModal, ClockModalFooter } from '../clock/clock-modal';
import { ChecklistStep } from './checklist-step';
import { customerSettingsQuery, wrapperDataQuery, type ProviderCheckOutView } from './corrigo-api';
import { WIZARD_STEP_TITLES } from './corrigo-wizard-form';
import { QuestionsStep, RepairStep, StatusFields } from './corrigo-wizard-steps';
import { UpdateStepDialog } from './update-step-dialog';
import { useCorrigoWizard } from './use-corrigo-wizard';

interface CorrigoWizardDialogProps {
  view: ProviderCheckOutView;
  /** With the status and comment once the wizard finished (the stop form comes next); null when cancelled. */
  onClose: (choice: CorrigoStopChoice | null) => void;
}

interface WizardBodyProps {
  view: ProviderCheckOutView;
  wrapper: CorrigoWrapperData;
  settings: CorrigoCustomerSettings;
  onClose: (choice: CorrigoStopChoice | null) => void;
}

const titleOf = (view: ProviderCheckOutView) => `Corrigo Clock Out ${view.workOrderNumber}`;

/** The wizard once its data is here: "Step n of m", the step, and Previous / Next / Finish. */
function WizardBody({ view, wrapper, settings, onClose }: WizardBodyProps) {
  const wizard = useCorrigoWizard(view.workOrderId, settings, onClose);
  const [editing, setEditing] = useState<{ procedureId: number; step: CorrigoStep; key: number } | null>(null);
  const stepTitle = wizard.step === 'repair' && !settings.areRepairCodesAvailable ? 'Status' : WIZARD_STEP_TITLES[wizard.step];
  return (
    <>
      <ClockModal opened={editing === null} onClose={() => onClose(null)} title={titleOf(view)} size={620}>
        <Stack gap="md">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Title order={3} size="h4">
                {stepTitle}
              </Title>
              <Text size="sm" c="dimmed" data-testid="wizard-progress" style={{ whiteSpace: 'nowrap' }}>
                Step {wizard.index + 1} of {wizard.count}
              </Text>
            </Group>
            <Progress value={((wizard.index + 1) / wizard.count) * 100} size="sm" aria-hidden />
          </Stack>
          {wizard.step === 'repair' && <RepairStep wizard={wizard} settings={settings} wrapper={wrapper} />}
          {wizard.step !== 'repair' && wizard.index === 0 && <StatusFields wizard={wizard} wrapper={wrapper} />}
          {wizard.step === 'questions' && <QuestionsStep wizard={wizard} settings={settings} />}
          {wizard.step === 'checklist' && (
            <ChecklistStep workOrderId={view.workOrderId} wizard={wizard} onEdit={(procedureId, step) => setEditing({ procedureId, step, key: Date.now() })} />
          )}
          <ClockModalFooter>
            <Button variant="default" size="md" onClick={() => onClose(null)} disabled={wizard.isBusy}>
              Cancel
            </Button>
            {wizard.index > 0 && (
              <Button variant="light" size="md" onClick={wizard.previous} disabled={wizard.isBusy}>
                Previous
              </Button>
            )}
            {wizard.isLast ? (
              <Button size="md" onClick={() => void wizard.finish()} loading={wizard.isBusy}>
                Finish
              </Button>
            ) : (
              <Button size="md" onClick={() => void wizard.next()} loading={wizard.isBusy}>
                Next
              </Button>
            )}
          </ClockModalFooter>
        </Stack>
      </ClockModal>
      {editing && (
        <UpdateStepDialog
          key={editing.key}
          step={editing.step}
          edit={wizard.edits[editing.procedureId]?.[editing.step.id]}
          opened
          onClose={() => setEditing(null)}
          onUpdate={(edit) => wizard.editStep(editing.procedureId, editing.step.id, edit)}
        />
      )}
    </>
  );
}

/**
 * The Clock Out wizard of a facilities-provider work order (spec clock 2.6 and 4): loads the statuses the provider
 * allows and the customer's settings, then walks Repair Category, Questions (when the customer has any) and
 * Checked List. Full screen on a phone, like the other clock dialogs.
 */
export function CorrigoWizardDialog({ view, onClose }: CorrigoWizardDialogProps) {
  const wrapper = useQuery(wrapperDataQuery(view.workOrderId));
  const customerId = wrapper.data?.corrigoCustomerId || view.corrigoCustomerId;
  const settings = useQuery({ ...customerSettingsQuery(customerId), enabled: customerId > 0 });
  if (wrapper.data && settings.data) {
    return <WizardBody view={view} wrapper={wrapper.data} settings={settings.data} onClose={onClose} />;
  }
  const failure = wrapper.error ?? settings.error;
  return (
    <ClockModal opened onClose={() => onClose(null)} title={titleOf(view)} size={620}>
      {failure ? (
        <Stack gap="sm">
          <Text c="red" role="alert">
            The provider's check-out could not be loaded: {failure.message}
          </Text>
          <ClockModalFooter>
            <Button variant="default" size="md" onClick={() => onClose(null)}>
              Close
            </Button>
          </ClockModalFooter>
        </Stack>
      ) : (
        <Center py="xl">
          <Loader role="status" aria-label="Loading the provider's check-out" />
        </Center>
      )}
    </ClockModal>
  );
}
