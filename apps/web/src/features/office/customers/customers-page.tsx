import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { satisfies, type CustomerGridRow } from '@sm/shared';
import { Link, useNavigate } from 'react-router';
import { DataGrid, type GridColumn, type GridState } from '../../../components/data-grid';
import { usePageTitle } from '../../../components/use-page-title';
import { useSignedIn } from '../../platform/auth/session-context';
import { ImportButton } from '../../platform/imports/import-dialog';
import { CUSTOMER_PATHS, customerPath } from './customer-paths';
import { CUSTOMERS_KEY, fetchCustomers } from './customers-api';

const DEFAULT_SORT: GridState['sort'] = [{ field: 'name', dir: 'asc' }];
const YES_NO = [
  { value: 1, label: 'Yes' },
  { value: 0, label: 'No' },
];
const yesNo = (field: 'isBillingCustomer' | 'isOnCreditHold' | 'isTaxExempt', title: string, color: string, width = 130): GridColumn<CustomerGridRow> => ({
  field,
  title,
  width,
  sortable: true,
  filter: 'select',
  filterOptions: YES_NO,
  render: (row) =>
    row[field] ? (
      <Badge size="sm" variant="light" color={color} tt="none">
        Yes
      </Badge>
    ) : (
      <Text size="sm" c="dimmed" span>
        No
      </Text>
    ),
});

const COLUMNS: GridColumn<CustomerGridRow>[] = [
  {
    field: 'name',
    title: 'Name',
    width: 240,
    sortable: true,
    filter: 'text',
    render: (row) => (
      <Anchor component={Link} to={customerPath(row.customerId)} fw={600} size="sm" onClick={(e) => e.stopPropagation()}>
        {row.name}
      </Anchor>
    ),
  },
  { field: 'address', title: 'Address', width: 220, sortable: true, filter: 'text' },
  { field: 'city', title: 'City', width: 130, sortable: true, filter: 'text' },
  { field: 'state', title: 'State', width: 125, sortable: true, filter: 'text' },
  { field: 'zip', title: 'Zip', width: 120, sortable: true, filter: 'text' },
  { field: 'phone', title: 'Phone', width: 140, sortable: true, filter: 'text' },
  { field: 'email', title: 'Email', width: 220, sortable: true, filter: 'text' },
  yesNo('isBillingCustomer', 'Billing Customer', 'blue', 150),
  { field: 'billingCustomerName', title: 'Billed To', width: 220, sortable: true, filter: 'text' },
  yesNo('isOnCreditHold', 'Credit Hold', 'red'),
  yesNo('isTaxExempt', 'Tax Exempt', 'teal'),
  { field: 'workOrderCount', title: 'Work Orders', width: 130, sortable: true, filter: 'number' },
  { field: 'customerId', title: 'Id', width: 100, sortable: true, filter: 'number' },
];

/** `/customer`: every customer the user may see, paged, sorted and filtered on the server; rows open the customer. */
export default function CustomersPage() {
  usePageTitle('Customers');
  const { user, access } = useSignedIn();
  const navigate = useNavigate();
  const canWrite = satisfies(access, { kind: 'area', area: 'Customers', level: 'write' });
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2}>Customers</Title>
          <Text size="sm" c="dimmed">
            Billing customers and their service locations.
          </Text>
        </Stack>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconSearch size={16} />} component={Link} to={CUSTOMER_PATHS.lookUp}>
            Look Up
          </Button>
          {canWrite && <ImportButton kind="customers" />}
          {canWrite && (
            <Button leftSection={<IconPlus size={16} />} component={Link} to={CUSTOMER_PATHS.add}>
              Add Customer
            </Button>
          )}
        </Group>
      </Group>
      <DataGrid
        gridKey="customers"
        userId={user.userId}
        label="Customers"
        columns={COLUMNS}
        queryKey={[CUSTOMERS_KEY, 'grid']}
        fetchPage={fetchCustomers}
        rowKey={(row) => row.customerId}
        defaultSort={DEFAULT_SORT}
        onRowClick={(row) => navigate(customerPath(row.customerId))}
      />
    </Stack>
  );
}
