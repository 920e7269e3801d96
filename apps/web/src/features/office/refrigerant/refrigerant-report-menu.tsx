import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileSpreadsheet, IconFileTypePdf, IconSnowflake } from '@tabler/icons-react';
import { useState } from 'react';
import { apiBlob, openPdf, saveBlob } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';

/** Years the menu offers: this one and the three before. */
const yearsBack = (count: number) => Array.from({ length: count }, (_, i) => new Date().getFullYear() - i);

/**
 * The customer's yearly refrigerant report: every appliance, its additions with leak rates, totals and leak repairs,
 * as a PDF (opened in a new tab) or a CSV (downloaded).
 */
export function RefrigerantReportMenu({ customerId, customerName }: { customerId: number; customerName: string }) {
  const [isBusy, setBusy] = useState(false);
  const fileName = (year: number, ext: string) => `refrigerant-report-${customerName.replace(/[^A-Za-z0-9]+/g, '-')}-${year}.${ext}`;
  const open = async (year: number, format: 'pdf' | 'csv') => {
    setBusy(true);
    try {
      const path = `Refrigerant/report/${customerId}?year=${year}&format=${format}`;
      if (format === 'pdf') await openPdf(path, fileName(year, 'pdf'));
      else saveBlob(await apiBlob(path), fileName(year, 'csv'));
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'The report could not be made.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconSnowflake size={16} />} rightSection={<IconChevronDown size={14} />} loading={isBusy}>
          Refrigerant Report
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {yearsBack(4).flatMap((year) => [
          <Menu.Label key={`label-${year}`}>{year}</Menu.Label>,
          <Menu.Item key={`pdf-${year}`} leftSection={<IconFileTypePdf size={16} />} onClick={() => void open(year, 'pdf')}>
            {year} PDF
          </Menu.Item>,
          <Menu.Item key={`csv-${year}`} leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void open(year, 'csv')}>
            {year} CSV
          </Menu.Item>,
        ])}
      </Menu.Dropdown>
    </Menu>
  );
}
