import { ActionIcon, Alert, Button, FileButton, Group, Image, Modal, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCamera, IconCheck, IconTool, IconX } from '@tabler/icons-react';
import { PORTAL_REQUEST_MAX_PHOTOS, PORTAL_REQUEST_PROBLEM_MAX, PORTAL_REQUEST_TOO_MANY_PHOTOS, portalServiceRequestBody, type PortalServiceRequestAnswer, type PortalSummary } from '@sm/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { notifyError } from '../../../lib/notify';
import { PHONE_QUERY } from '../../../lib/media';
import { useSchemaForm } from '../../../lib/schema-form';
import { useRequestPortalService, type PortalServiceRequest } from './customer-portal-api';

/** A chosen photo with the address its preview is shown from, released when it is removed or the form closes. */
interface Chosen {
  file: File;
  preview: string;
}

function PhotoPreviews({ photos, onRemove }: { photos: Chosen[]; onRemove: (index: number) => void }) {
  if (photos.length === 0) return null;
  return (
    <SimpleGrid cols={3} spacing="xs" role="list" aria-label="Chosen photos">
      {photos.map((p, i) => (
        <div key={p.preview} role="listitem" style={{ position: 'relative' }}>
          <Image src={p.preview} alt={`Photo ${i + 1}: ${p.file.name}`} radius="sm" h={96} fit="cover" fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw=" />
          <ActionIcon variant="filled" color="dark" size="lg" radius="xl" aria-label={`Remove photo ${i + 1}`} onClick={() => onRemove(i)} style={{ position: 'absolute', top: 4, right: 4 }}>
            <IconX size={16} />
          </ActionIcon>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** The request form: where, what is wrong, when suits, who to call, and photos from the phone's camera or gallery. */
function RequestForm({ base, summary, onDone }: { base: string; summary: PortalSummary; onDone: (answer: PortalServiceRequestAnswer) => void }) {
  const [values, setValues] = useState<Omit<PortalServiceRequest, 'photos'>>({
    locationId: summary.locations.length === 1 ? String(summary.locations[0].customerId) : '', problem: '', preferredTime: '', contactName: summary.contactName, contactPhone: '',
  });
  const [photos, setPhotos] = useState<Chosen[]>([]);
  const { errors, clear, check } = useSchemaForm(portalServiceRequestBody);
  const request = useRequestPortalService(base);
  // The previews still shown are released when the form closes.
  const shown = useRef(photos);
  shown.current = photos;
  useEffect(() => () => shown.current.forEach((p) => URL.revokeObjectURL(p.preview)), []);
  const set = (key: keyof typeof values) => (value: string) => (setValues((v) => ({ ...v, [key]: value })), clear(key));
  const add = (files: File[]) => {
    if (photos.length + files.length > PORTAL_REQUEST_MAX_PHOTOS) notifyError(PORTAL_REQUEST_TOO_MANY_PHOTOS);
    const room = Math.max(0, PORTAL_REQUEST_MAX_PHOTOS - photos.length);
    setPhotos([...photos, ...files.slice(0, room).map((file) => ({ file, preview: URL.createObjectURL(file) }))]);
  };
  const remove = (index: number) => {
    URL.revokeObjectURL(photos[index].preview);
    setPhotos(photos.filter((_, i) => i !== index));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (request.isPending || !check({ ...values, photos: photos.map((p) => p.file) })) return;
    request.mutate({ ...values, photos: photos.map((p) => p.file) }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={request.isPending}>
      <Stack gap="md">
        <NativeSelect
          label="Location" withAsterisk value={values.locationId} onChange={(e) => set('locationId')(e.currentTarget.value)} error={errors.locationId}
          data={[{ value: '', label: 'Choose a location', disabled: true }, ...summary.locations.map((l) => ({ value: String(l.customerId), label: `${l.name}${l.address ? ` · ${l.address}` : ''}` }))]}
        />
        <Textarea
          label="What is the problem?" withAsterisk autosize minRows={3} maxLength={PORTAL_REQUEST_PROBLEM_MAX} value={values.problem} error={errors.problem}
          placeholder="For example: the walk-in cooler reads 48°F since this morning" onChange={(e) => set('problem')(e.currentTarget.value)}
        />
        <TextInput label="Preferred day and time" placeholder="For example: weekday mornings before 11" maxLength={200} value={values.preferredTime} error={errors.preferredTime} onChange={(e) => set('preferredTime')(e.currentTarget.value)} />
        <Group grow gap="sm" wrap="wrap">
          <TextInput label="Contact name" maxLength={100} value={values.contactName} error={errors.contactName} onChange={(e) => set('contactName')(e.currentTarget.value)} miw={160} />
          <TextInput label="Contact phone" type="tel" inputMode="tel" placeholder="214-555-0177" maxLength={30} value={values.contactPhone} error={errors.contactPhone} onChange={(e) => set('contactPhone')(e.currentTarget.value)} miw={160} />
        </Group>
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={500}>Photos ({photos.length} of {PORTAL_REQUEST_MAX_PHOTOS})</Text>
            <FileButton onChange={add} accept="image/*" multiple disabled={photos.length >= PORTAL_REQUEST_MAX_PHOTOS || request.isPending}>
              {(props) => <Button {...props} variant="light" leftSection={<IconCamera size={16} />}>Add photos</Button>}
            </FileButton>
          </Group>
          <PhotoPreviews photos={photos} onRemove={remove} />
        </Stack>
        {request.isError && <Alert color="red" role="alert" title="The request was not sent">{request.error.message}</Alert>}
        <Button type="submit" size="md" loading={request.isPending} disabled={request.isPending} leftSection={<IconTool size={18} />}>Send request</Button>
      </Stack>
    </form>
  );
}

/**
 * "Request service" on the portal page: a button that opens the request form (full screen on a phone) and, once sent,
 * the number of the work order the company opened for it. The button stays disabled while a request is sending, so a
 * second tap sends nothing.
 */
export function RequestService({ base, summary }: { base: string; summary: PortalSummary }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [opened, setOpened] = useState(false);
  const [sent, setSent] = useState<PortalServiceRequestAnswer | null>(null);
  const close = () => (setOpened(false), setSent(null));
  return (
    <>
      <Button size="md" fullWidth leftSection={<IconTool size={18} />} onClick={() => setOpened(true)}>Request service</Button>
      <Modal opened={opened} onClose={close} title={sent ? 'Request sent' : 'Request service'} fullScreen={isPhone} centered>
        {sent ? (
          <Stack gap="md">
            <Alert color="green" icon={<IconCheck />} role="status" title={`Work order ${sent.workOrderNumber}`}>
              Thank you: {summary.companyName} received your request as work order {sent.workOrderNumber}
              {sent.photoCount > 0 ? ` with ${sent.photoCount} photo${sent.photoCount === 1 ? '' : 's'}` : ''}, and will contact you to schedule the visit.
            </Alert>
            <Button onClick={close}>Done</Button>
          </Stack>
        ) : (
          opened && <RequestForm base={base} summary={summary} onDone={setSent} />
        )}
      </Modal>
    </>
  );
}
