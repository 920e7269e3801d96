import { Button } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { confirm } from '../../../components/confirm';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { COLLECTION_KEY, dunningRunQuery, useRunDunningNow } from './collections-api';

const QUESTION = 'E-mail a statement to every customer with something past due that has not had one for its current bucket?';

/** What a finished run did, in a sentence. */
export const dunningRunText = (statementsQueued: number) =>
  statementsQueued === 0
    ? 'No statement to send: every customer past due has had one for its current bucket.'
    : `${statementsQueued} statement${statementsQueued === 1 ? '' : 's'} queued: they go out by e-mail in a minute.`;

/** Follows a queued run until it ends, then says how it went and reads the statements e-mailed again. */
function useRunOutcome(runId: number | null, onEnd: () => void) {
  const client = useQueryClient();
  const run = useQuery({ ...dunningRunQuery(runId ?? 0), enabled: runId !== null });
  const status = run.data?.status;
  useEffect(() => {
    if (runId === null || !run.data || run.data.runId !== runId || status === 'queued') return;
    if (status === 'done') notifySuccess(dunningRunText(run.data.statementsQueued ?? 0));
    else notifyError('The statements could not be sent. Try again later, or ask an administrator to look at the server log.');
    void client.invalidateQueries({ queryKey: COLLECTION_KEY });
    onEnd();
  }, [runId, run.data, status, client, onEnd]);
  useEffect(() => {
    if (runId !== null && run.isError) {
      notifyError(run.error.message);
      onEnd();
    }
  }, [runId, run.isError, run.error, onEnd]);
}

/**
 * "Send statements now" (Collections, for Collection writers): after a confirmation, the company's dunning runs at
 * once through the job runner, as it does every night; the button waits until the run ends and says how many
 * statements it queued.
 */
export function SendStatementsButton() {
  const start = useRunDunningNow();
  const [runId, setRunId] = useState<number | null>(null);
  const ended = useCallback(() => setRunId(null), []);
  useRunOutcome(runId, ended);
  const send = async () => {
    if (!(await confirm({ title: 'Send statements now', message: QUESTION, confirmLabel: 'Send statements', cancelLabel: 'Cancel' }))) return;
    start.mutate(undefined, { onSuccess: (run) => setRunId(run.runId), onError: (e) => notifyError(e.message) });
  };
  const busy = start.isPending || runId !== null;
  return (
    <Button leftSection={<IconMailForward size={16} />} variant="light" loading={busy} onClick={() => void send()}>
      Send statements now
    </Button>
  );
}
