import { Anchor, Badge, Box, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconFileDollar } from '@tabler/icons-react';
import { canRead, canWrite, moneyText, type NteLevel } from '@sm/shared';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { notifySuccess } from '../../../../lib/notify';
import { quoteViewPath } from '../../../money/quotes/quotes-paths';
import { useSignedIn } from '../../../platform/auth/session-context';
import { nteMeterQuery, useRequestNteRaise, type NteMeter } from './nte-meter-api';

/** Each level's colour and the word that says it without the colour. */
const LEVELS: Record<Exclude<NteLevel, 'none'>, { color: string; word: string }> = {
  ok: { color: 'teal', word: 'Within NTE' },
  amber: { color: 'yellow', word: 'Near NTE' },
  red: { color: 'red', word: 'Over NTE' },
};

/** A little after the step, so the server's clock has passed it too. */
const STEP_MARGIN_MS = 300;

/**
 * While labor runs, reads the meter again when the server says the running labor next adds to the total (its hours
 * step by 0.01, every 36 seconds), so the colour changes the moment the amount does, counted on the server in exact
 * decimals, without a guess in the browser and without reading it every few seconds for nothing.
 */
function useNextStep(query: UseQueryResult<NteMeter>) {
  const { data, refetch } = query;
  useEffect(() => {
    if (!data?.nextChangeAt || data.level === 'none') return;
    const delay = Math.max(1000, Date.parse(data.nextChangeAt) - Date.parse(data.asOf) + STEP_MARGIN_MS);
    const timer = setTimeout(() => void refetch(), delay);
    return () => clearTimeout(timer);
  }, [data?.asOf, data?.nextChangeAt, data?.level, refetch]);
}

/** "Quote 1001 drafted", a link for those who may open quotes. */
function DraftQuote({ quote, mayOpen }: { quote: NonNullable<NteMeter['nteRaiseQuote']>; mayOpen: boolean }) {
  const label = `Quote ${quote.quoteNumber} drafted`;
  return mayOpen ? (
    <Anchor component={Link} to={quoteViewPath(quote.quoteNumber, quote.quoteVersion)} size="sm" data-testid="nte-raise-quote">
      {label}
    </Anchor>
  ) : (
    <Text size="sm" data-testid="nte-raise-quote">
      {label} for the office
    </Text>
  );
}

/**
 * The live NTE meter of the work order (spec clock 8, 9) for the technician and the office: the work so far against
 * the NTE, green below 80 %, amber from 80 % ("Near NTE"), red from 100 % ("Over NTE"), and from amber "Request NTE
 * raise". Hidden when the work order has no NTE. The page's hub reads it again on every change of the work order.
 */
export function NteMeterPanel({ workOrderId }: { workOrderId: number }) {
  const { access } = useSignedIn();
  const navigate = useNavigate();
  const query = useQuery(nteMeterQuery(workOrderId));
  const raise = useRequestNteRaise(workOrderId);
  useNextStep(query);
  const meter = query.data;
  if (!meter || meter.level === 'none' || meter.nte === null) return null;
  const { color, word } = LEVELS[meter.level];
  const mayOpenQuotes = canRead(access, 'Quotes');
  const share = meter.percent === null ? '' : ` (${meter.percent} %)`;
  const summary = `NTE ${moneyText(meter.nte)} — ${moneyText(meter.total)} used${share}`;
  const filled = meter.percent === null ? (meter.level === 'red' ? 100 : 0) : Math.min(100, Number(meter.percent));
  const requestRaise = () =>
    raise.mutate(undefined, {
      onSuccess: (a) => {
        if (a.isNew) notifySuccess(`Work order moved to NTE Raise Requested; quote ${a.quoteNumber} drafted from the work so far.`);
        else if (mayOpenQuotes) void navigate(quoteViewPath(a.quoteNumber, a.quoteVersion));
        else notifySuccess(`Quote ${a.quoteNumber} of the earlier request is still open.`);
      },
    });
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="nte-meter-title" data-testid="nte-meter-panel">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={3} size="h4" id="nte-meter-title">
            NTE meter
          </Title>
          <Badge color={color} variant={meter.level === 'ok' ? 'light' : 'filled'} tt="none" data-testid="nte-level-word" c={meter.level === 'amber' ? 'dark.8' : undefined}>
            {word}
          </Badge>
        </Group>
        <Text fw={600} data-testid="nte-summary">
          {summary}
        </Text>
        <Box
          role="meter"
          aria-labelledby="nte-meter-title"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={filled}
          aria-valuetext={`${summary}: ${word}`}
          data-level={meter.level}
          data-testid="nte-meter"
        >
          <Progress value={filled} color={color} size="lg" radius="xl" aria-hidden transitionDuration={300} />
        </Box>
        <Group gap="md" style={{ rowGap: 2 }}>
          <Text size="sm" c="dimmed">Labor {moneyText(meter.labor)}</Text>
          <Text size="sm" c="dimmed">Materials {moneyText(meter.materials)}</Text>
          <Text size="sm" c="dimmed">Items {moneyText(meter.items)}</Text>
          {meter.tripCharges !== '0.00' && <Text size="sm" c="dimmed">Trip charges {moneyText(meter.tripCharges)}</Text>}
        </Group>
        {meter.runningLaborCount > 0 && (
          <Text size="sm" data-testid="nte-running">
            Labor running: {moneyText(meter.perMinute)} a minute
          </Text>
        )}
        {(meter.level !== 'ok' || meter.nteRaiseQuote) && (
          <Group gap="sm">
            {meter.level !== 'ok' && canWrite(access, 'Work Orders') && (
              <Button size="sm" variant="light" color={color} leftSection={<IconFileDollar size={16} />} onClick={requestRaise} loading={raise.isPending}>
                Request NTE raise
              </Button>
            )}
            {meter.nteRaiseQuote && <DraftQuote quote={meter.nteRaiseQuote} mayOpen={mayOpenQuotes} />}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
