import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { workOrderEditPath } from '../work-orders/edit/work-order-paths';
import type { BoardCard } from './role-boards-api';

/** "today", "1 day", "12 days". */
export const daysText = (days: number) => (days === 0 ? 'today' : `${days} day${days === 1 ? '' : 's'}`);

/** A work order waiting a week turns orange, two weeks red. */
const ageColor = (days: number) => (days >= 14 ? 'red' : days >= 7 ? 'orange' : 'gray');

function QuoteLine({ card }: { card: BoardCard }) {
  if (!card.quote) {
    return (
      <Text size="xs" c="dimmed">
        No quote yet
      </Text>
    );
  }
  const q = card.quote;
  return (
    <Text size="xs" data-testid="card-quote">
      Quote {q.quoteNumber} v{q.quoteVersion} · <b>{q.status}</b> for {daysText(q.daysInStatus)}
    </Text>
  );
}

/** One work order of a role board: its number (to its page), where, who, how long in its status, what it lacks. */
export function RoleBoardCard({ card, showQuote }: { card: BoardCard; showQuote: boolean }) {
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={`Work order ${card.workOrderNumber}`} data-testid="board-card">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={workOrderEditPath(card.workOrderNumber)} fw={700} size="sm">
            {card.workOrderNumber}
          </Anchor>
          <Badge variant="light" color={ageColor(card.daysInStatus)} tt="none" title={`${card.workOrderStatus} ${card.daysInStatus === 0 ? 'since today' : `for ${daysText(card.daysInStatus)}`}`}>
            {card.daysInStatus === 0 ? 'New today' : `${daysText(card.daysInStatus)} in status`}
          </Badge>
        </Group>
        <Text size="sm" fw={500} lineClamp={1}>
          {card.customerName}
          {card.customerCity ? ` · ${card.customerCity}` : ''}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {card.problem}
        </Text>
        <Text size="xs">{card.technicians.length > 0 ? card.technicians.join(', ') : 'No technician'}</Text>
        {card.missing.length > 0 && (
          <Group gap={4} role="group" aria-label="Missing">
            <Text size="xs" c="dimmed">
              Missing:
            </Text>
            {card.missing.map((m) => (
              <Badge key={m} size="sm" variant="outline" color="red" tt="none">
                {m}
              </Badge>
            ))}
          </Group>
        )}
        {showQuote && <QuoteLine card={card} />}
      </Stack>
    </Paper>
  );
}
