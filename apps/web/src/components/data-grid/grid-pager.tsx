import { ActionIcon, Button, Group, Select, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { PAGE_BUTTONS, PAGE_SIZES, pagerView } from '@sm/shared';
import type { ReactNode } from 'react';

interface GridPagerProps {
  total: number;
  /** The server stopped counting at `total`: more rows match ("10,000+"), and Next stays open. */
  isTotalCapped?: boolean;
  take: number;
  skip: number;
  onPage: (page: number) => void;
  onPageSize: (take: number) => void;
  /** Phone width: 'Page x of y' between the arrows instead of the row of page buttons. */
  compact?: boolean;
}

/** The page numbers to show: a window of at most `PAGE_BUTTONS` around the current page. */
export function pageWindow(page: number, pageCount: number, size = PAGE_BUTTONS): number[] {
  const first = Math.max(1, Math.min(page - Math.floor(size / 2), pageCount - size + 1));
  const last = Math.min(pageCount, first + size - 1);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
}

function EdgeButton({ label, disabled, onClick, size, children }: { label: string; disabled: boolean; onClick: () => void; size: string; children: ReactNode }) {
  return (
    <ActionIcon variant="default" size={size} aria-label={label} disabled={disabled} onClick={onClick}>
      {children}
    </ActionIcon>
  );
}

/**
 * Page size (25/50/100), first/previous, up to ten page buttons, next/last, and "x - y of n". On a phone
 * the page buttons give way to 'Page x of y' and the arrows grow to a finger's size. A total the server capped
 * reads "10,000+": Next keeps going past the counted pages, and Last, which nobody knows yet, is off.
 */
export function GridPager({ total, isTotalCapped = false, take, skip, onPage, onPageSize, compact = false }: GridPagerProps) {
  const { page, pageCount, from, to, totalText, pageCountText, hasNext, hasLast } = pagerView({ total, take, skip, isTotalCapped });
  const atStart = page <= 1;
  const edge = compact ? 'lg' : 'md';

  const pages = compact ? (
    <Text size="sm" aria-current="page" px={4} style={{ whiteSpace: 'nowrap' }}>
      Page {page} of {pageCountText}
    </Text>
  ) : (
    pageWindow(page, pageCount).map((n) => (
      <Button
        key={n}
        size="compact-sm"
        variant={n === page ? 'filled' : 'default'}
        aria-label={`Page ${n}`}
        aria-current={n === page ? 'page' : undefined}
        onClick={() => onPage(n)}
        miw={32}
      >
        {n}
      </Button>
    ))
  );

  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group component="nav" aria-label="Pagination" gap={4} wrap={compact ? 'nowrap' : 'wrap'}>
        <EdgeButton label="First page" disabled={atStart} onClick={() => onPage(1)} size={edge}>
          <IconChevronsLeft size={16} />
        </EdgeButton>
        <EdgeButton label="Previous page" disabled={atStart} onClick={() => onPage(page - 1)} size={edge}>
          <IconChevronLeft size={16} />
        </EdgeButton>
        {pages}
        <EdgeButton label="Next page" disabled={!hasNext} onClick={() => onPage(page + 1)} size={edge}>
          <IconChevronRight size={16} />
        </EdgeButton>
        <EdgeButton label="Last page" disabled={!hasLast} onClick={() => onPage(pageCount)} size={edge}>
          <IconChevronsRight size={16} />
        </EdgeButton>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Select
          aria-label="Page size"
          data={PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} / page` }))}
          value={String(take)}
          onChange={(v) => v && onPageSize(Number(v))}
          allowDeselect={false}
          size={compact ? 'sm' : 'xs'}
          w={110}
        />
        <Text size="sm" c="dimmed" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
          {from} - {to} of {totalText}
        </Text>
      </Group>
    </Group>
  );
}
