import { Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { addWorkOrderJobBody } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { WorkOrderDetails } from '../edit/work-order-api';
import { workOrderEditPath } from '../edit/work-order-paths';
import { useSchemaForm } from '../../../../lib/schema-form';
import { FormButtons } from './item-form-parts';
import { ItemPageFrame } from './item-page-frame';
import { useAddJob } from './items-api';

function JobForm({ workOrder, isSurvey }: { workOrder: WorkOrderDetails; isSurvey: boolean }) {
  const navigate = useNavigate();
  const add = useAddJob(workOrder.workOrderId, isSurvey);
  const { errors, clear, check } = useSchemaForm(addWorkOrderJobBody);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = check({ workOrderId: workOrder.workOrderId, title, description: description.trim() || null, isSurvey });
    if (body) add.mutate(body, { onSuccess: () => void navigate(workOrderEditPath(workOrder.workOrderNumber)) });
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate aria-label={isSurvey ? 'Add survey job' : 'Add job'}>
      <Stack gap="md">
        <TextInput
          label="Title"
          withAsterisk
          size="md"
          value={title}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            clear('title');
          }}
          error={errors.title}
          placeholder={isSurvey ? 'e.g. Roof units survey' : 'e.g. Replace door gaskets'}
          autoComplete="off"
        />
        <Textarea
          label="Description"
          size="md"
          value={description}
          onChange={(e) => {
            setDescription(e.currentTarget.value);
            clear('description');
          }}
          error={errors.description}
        />
        <FormButtons workOrderNumber={workOrder.workOrderNumber} isSaving={add.isPending} />
      </Stack>
    </Paper>
  );
}

/** The add page of a job or a survey job: a title and what to do. */
export function JobAddPage({ isSurvey }: { isSurvey: boolean }) {
  return <ItemPageFrame title={isSurvey ? 'Add Survey Job' : 'Add Job'}>{(workOrder) => <JobForm workOrder={workOrder} isSurvey={isSurvey} />}</ItemPageFrame>;
}
