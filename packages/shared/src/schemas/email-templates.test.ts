import { describe, expect, it } from 'vitest';
import { emailTemplateBody, sendTemplateEmailBody, templatesFor } from './email-templates';

const t = (name: string, purpose: 'general' | 'quote' | 'invoice' | 'estimate', isActive = true) => ({ name, purpose, isActive });

describe('templatesFor', () => {
  it("offers a form's active templates of its purpose first, then the general ones, each by name", () => {
    const all = [t('Welcome', 'general'), t('Reminder', 'invoice'), t('Follow-up', 'quote'), t('Archived', 'quote', false), t('Another', 'general'), t('Bid', 'quote')];
    expect(templatesFor(all, 'quote').map((x) => x.name)).toEqual(['Bid', 'Follow-up', 'Another', 'Welcome']);
    expect(templatesFor(all, 'invoice').map((x) => x.name)).toEqual(['Reminder', 'Another', 'Welcome']);
    expect(templatesFor(all, 'general').map((x) => x.name)).toEqual(['Another', 'Welcome']);
  });
});

describe('e-mail template schemas', () => {
  it('trim the name, default the purpose and activity, and word refusals as sentences', () => {
    expect(emailTemplateBody.parse({ name: '  Welcome ', subject: 'Hi', bodyHtml: '<p>Hi</p>' })).toEqual({ name: 'Welcome', purpose: 'general', subject: 'Hi', bodyHtml: '<p>Hi</p>', isActive: true });
    expect(emailTemplateBody.safeParse({ name: 'x', subject: 'Hi' }).error?.issues[0]?.message).toBe('Message field is required!');
    expect(emailTemplateBody.safeParse({ name: 'x', subject: 'Hi', bodyHtml: '', purpose: 'memo' }).error?.issues[0]?.message).toBe('Purpose must be general, quote, invoice or estimate.');
  });

  it('say "To field is required" when the message has no recipient list', () => {
    expect(sendTemplateEmailBody.safeParse({ subject: 'Hi' }).error?.issues[0]?.message).toBe('To field is required');
    expect(sendTemplateEmailBody.parse({ to: ['a@b.example'] })).toEqual({ to: ['a@b.example'], cc: [] });
  });
});
