/**
 * Where the contract's visits appear on its page: the visits section (generated, skipped and late visits) belongs to
 * visit generation and takes this place, `<PmVisitsSection contractId={contractId} />`. Until it does, the page shows
 * nothing here.
 */
export function PmVisitsSlot(_props: { contractId: number }) {
  return null;
}
