import { describe, expect, it } from 'vitest';
import { documentEmailBody, quoteSubmittedChoice } from './documents';

describe('the Quote Submitted tick box (spec platform 4.6)', () => {
  const open = { workOrderStatusId: 44, quoteStatus: 'Open', isOwnBillingCustomer: true };

  it('is ticked at first when the customer is its own billing customer, and left unticked otherwise', () => {
    expect(quoteSubmittedChoice(open)).toEqual({ isDisabled: false, isTickedAtFirst: true });
    expect(quoteSubmittedChoice({ ...open, isOwnBillingCustomer: false })).toEqual({ isDisabled: false, isTickedAtFirst: false });
    expect(quoteSubmittedChoice({ ...open, workOrderStatusId: null })).toEqual({ isDisabled: false, isTickedAtFirst: true });
  });

  it('is disabled and unticked once the work order is reviewed, billed or invoice submitted', () => {
    for (const workOrderStatusId of [6, 27, 53]) expect(quoteSubmittedChoice({ ...open, workOrderStatusId })).toEqual({ isDisabled: true, isTickedAtFirst: false });
  });

  it('is disabled and unticked once the quote is approved or submitted, but not when pending or rejected', () => {
    for (const quoteStatus of ['Approved', 'Submitted']) expect(quoteSubmittedChoice({ ...open, quoteStatus })).toEqual({ isDisabled: true, isTickedAtFirst: false });
    for (const quoteStatus of ['Pending', 'Rejected']) expect(quoteSubmittedChoice({ ...open, quoteStatus }).isDisabled).toBe(false);
  });
});

describe('the Email send form of a document', () => {
  it('names what is missing in the product words', () => {
    const result = documentEmailBody.safeParse({ to: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Subject field is required!', 'Template field is required!']);
    expect(documentEmailBody.parse({ to: ['a@b.example'], subject: 's', message: 'm' })).toEqual({ to: ['a@b.example'], cc: [], subject: 's', message: 'm', isQuoteSubmitted: false });
  });
});
