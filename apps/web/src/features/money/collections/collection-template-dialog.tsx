import { Button, Code, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { COLLECTION_MERGE_FIELDS, AGING_BUCKET_LABELS, DUNNING_BUCKETS, required, unknownMergeField, type CollectionTemplate, type CollectionTemplateInput, type DunningBucket } from '@sm/shared';
import { useState, type FormEvent } from 'react';
import { ClockModal, ClockModalFooter } from '../../field/clock/clock-modal';

const EMPTY: CollectionTemplateInput = {
  name: '',
  bucket: 'days1to30',
  subject: 'Your account with {{companyName}} is past due',
  body: 'Dear {{customerName}},\n\nOur records show {{pastDue}} past due of a balance of {{balance}}. Your statement is attached.\n\nThank you.',
  isActive: true,
};

type Errors = Partial<Record<'name' | 'subject' | 'body', string>>;

/** The form's own checks, worded as the server's: required fields, and merge fields that exist. */
function errorsOf(v: CollectionTemplateInput): Errors {
  const merge = (text: string) => {
    const unknown = unknownMergeField(text);
    return unknown === undefined ? undefined : `{{${unknown}}} is not a merge field.`;
  };
  return {
    name: v.name.trim() === '' ? required('Name') : undefined,
    subject: v.subject.trim() === '' ? required('Subject') : merge(v.subject),
    body: v.body.trim() === '' ? required('Body') : merge(v.body),
  };
}

interface Props {
  template: CollectionTemplate | null;
  isSaving: boolean;
  onClose: () => void;
  onSave: (body: CollectionTemplateInput) => void;
}

/** Add or change a collection template: its name, the aging bucket it is for, the subject and body with merge fields, and whether it is sent. */
export function CollectionTemplateDialog({ template, isSaving, onClose, onSave }: Props) {
  const [values, setValues] = useState<CollectionTemplateInput>(
    template ? { name: template.name, bucket: template.bucket, subject: template.subject, body: template.body, isActive: template.isActive } : EMPTY,
  );
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof CollectionTemplateInput>(key: K, value: CollectionTemplateInput[K]) => setValues((v) => ({ ...v, [key]: value }));
  const title = template ? 'Edit collection template' : 'Add collection template';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = errorsOf(values);
    setErrors(found);
    if (found.name || found.subject || found.body) return;
    onSave({ ...values, name: values.name.trim() });
  };
  return (
    <ClockModal opened onClose={onClose} title={title} size={640}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <TextInput label="Name" required data-autofocus maxLength={100} value={values.name} error={errors.name} onChange={(e) => set('name', e.currentTarget.value)} />
          <Select
            label="Aging bucket"
            description="Sent to a customer whose oldest open invoice is this many days past due"
            required
            allowDeselect={false}
            data={DUNNING_BUCKETS.map((b) => ({ value: b, label: AGING_BUCKET_LABELS[b] }))}
            value={values.bucket}
            onChange={(v) => set('bucket', (v ?? 'days1to30') as DunningBucket)}
          />
          <TextInput label="Subject" required maxLength={250} value={values.subject} error={errors.subject} onChange={(e) => set('subject', e.currentTarget.value)} />
          <Textarea label="Body" required autosize minRows={6} maxRows={14} value={values.body} error={errors.body} onChange={(e) => set('body', e.currentTarget.value)} />
          <Text size="xs" c="dimmed">
            Merge fields:{' '}
            {Object.entries(COLLECTION_MERGE_FIELDS).map(([field, meaning], i) => (
              <span key={field}>
                {i > 0 && ', '}
                <Code>{`{{${field}}}`}</Code> {meaning.toLowerCase()}
              </span>
            ))}
            . The statement PDF is attached.
          </Text>
          <Switch label="Active: the nightly dunning sends it" checked={values.isActive} onChange={(e) => set('isActive', e.currentTarget.checked)} />
          <ClockModalFooter>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving}>
              Save
            </Button>
          </ClockModalFooter>
        </Stack>
      </form>
    </ClockModal>
  );
}
