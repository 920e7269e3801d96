import { Select } from '@mantine/core';
import { EMAIL_TEMPLATE_PURPOSE_LABELS, EMAIL_TEMPLATE_PURPOSES, templatesFor, type EmailTemplate, type EmailTemplatePurpose } from '@sm/shared';

interface EmailTemplatePickerProps {
  templates: readonly EmailTemplate[];
  /** The form's purpose: its own templates first, then the general ones. Every active template when left out. */
  purpose?: EmailTemplatePurpose;
  value: number | null;
  onChange: (template: EmailTemplate | null) => void;
}

/** The active templates a form offers, grouped by purpose. */
function groupsOf(templates: readonly EmailTemplate[], purpose?: EmailTemplatePurpose) {
  const offered = purpose ? templatesFor(templates, purpose) : templates.filter((t) => t.isActive);
  return EMAIL_TEMPLATE_PURPOSES.map((p) => ({
    group: EMAIL_TEMPLATE_PURPOSE_LABELS[p],
    items: offered.filter((t) => t.purpose === p).map((t) => ({ value: String(t.emailTemplateId), label: t.name })),
  }))
    .filter((g) => g.items.length > 0)
    .sort((a, b) => (purpose ? Number(b.group === EMAIL_TEMPLATE_PURPOSE_LABELS[purpose]) - Number(a.group === EMAIL_TEMPLATE_PURPOSE_LABELS[purpose]) : 0));
}

/**
 * The "E-mail Template" choice of an Email send form: choosing one fills Subject and the message with the template's;
 * clearing it goes back to what the form started with.
 */
export function EmailTemplatePicker({ templates, purpose, value, onChange }: EmailTemplatePickerProps) {
  const groups = groupsOf(templates, purpose);
  return (
    <Select
      label="E-mail Template"
      description="Fills Subject and the message; you may change them before sending."
      placeholder="None: the message below"
      clearable
      clearButtonProps={{ 'aria-label': 'No template' }}
      searchable
      nothingFoundMessage="No template has that name."
      data={groups}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(templates.find((t) => String(t.emailTemplateId) === id) ?? null)}
    />
  );
}
