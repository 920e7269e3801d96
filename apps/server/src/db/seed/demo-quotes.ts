import { createQuoteBody, documentEmailBody, estimateBody, estimateLineBody, estimateStatusBody, newWorkOrderBody, quoteLineBody, type QuoteLineBody } from '@sm/shared';
import type { Db } from '../client';
import { createWorkOrder } from '../../features/office/work-orders/work-order-create.service';
import { createQuote } from '../../features/money/quotes/quotes.service';
import { addQuoteLine } from '../../features/money/quotes/quote-lines.service';
import { approveQuote, newQuoteVersion, rejectQuote, setQuoteStatus } from '../../features/money/quotes/quote-status.service';
import { emailQuote } from '../../features/money/documents/quote-document.service';
import { createEstimate } from '../../features/money/estimates/estimates.service';
import { addEstimateLine } from '../../features/money/estimates/estimate-lines.service';
import { convertEstimate, setEstimateStatus } from '../../features/money/estimates/estimate-status.service';
import { demoSiteId, type DemoActor, type DemoClock, type DemoCompany } from './demo-actors';

type Line = [kind: QuoteLineBody['kind'], description: string, quantity: number, unitCost: number, markupGroup: string, markupPercent: number];

const labor = (hours: number, what = 'Refrigeration technician labor'): Line => ['labor', what, hours, 45, 'Labor', 100];

/** Quotes for repairs found on service calls, one in each state; the rejected one was requoted. */
const QUOTES: { site: string; problem: string; title: string; daysAgo: number; state: 'Open' | 'Pending' | 'Submitted' | 'Approved' | 'Requoted'; lines: Line[] }[] = [
  {
    site: 'FreshMart #127 Irving', problem: 'Walk-in freezer evaporator fans noisy, one seized', title: 'Replace walk-in freezer evaporator fan motors', daysAgo: 1, state: 'Open',
    lines: [['material', 'ECM evaporator fan motor 16 W', 3, 96, 'Parts', 60], labor(3)],
  },
  {
    site: 'Uptown Steakhouse', problem: 'Ice machine head unit leaking at the water pump', title: 'Replace ice machine head unit, 500 lb', daysAgo: 4, state: 'Pending',
    lines: [['material', 'Modular ice machine head, 500 lb/day, air-cooled', 1, 3250, 'Equipment', 55], labor(5), ['standardItem', 'Refrigerant Recovery', 4, 7.5, 'Parts', 60]],
  },
  {
    site: 'Trinity Medical Center North', problem: 'RTU-2 compressor drawing high amps', title: 'Replace RTU-2 compressor, 7.5 ton', daysAgo: 8, state: 'Submitted',
    lines: [['material', 'Scroll compressor 7.5 ton R-410A', 1, 2180, 'Equipment', 55], ['material', 'Filter drier and start kit', 1, 118, 'Parts', 60], labor(8), labor(2, 'Crane lift, rooftop set')],
  },
  {
    site: 'Pecan Lodge Deep Ellum', problem: 'Walk-in freezer door frame heater failed, door freezing shut', title: 'Rebuild walk-in freezer door: heater wire, gasket and closer', daysAgo: 15, state: 'Approved',
    lines: [['material', 'Door frame heater wire 24 ft', 1, 86, 'Parts', 60], ['material', 'Magnetic door gasket 34 x 78 in', 1, 92, 'Parts', 60], labor(4)],
  },
  {
    site: 'FreshMart #112 Lakewood', problem: 'Dairy case lighting flickering, two ballasts failed', title: 'Retrofit dairy case lighting to LED', daysAgo: 22, state: 'Requoted',
    lines: [['material', 'LED case light 5 ft', 12, 38, 'Parts', 60], labor(6)],
  },
];

/** Estimates the sales person wrote for new equipment, one in each state; the accepted walk-in became a work order. */
const ESTIMATES: { site: string; title: string; description: string; daysAgo: number; validDays: number; state: 'Open' | 'Sent' | 'Accepted' | 'Declined' | 'Converted'; reason?: string; lines: Line[] }[] = [
  {
    site: 'Cedar Springs Deli', title: 'Install two-door reach-in cooler at the sandwich line', description: 'Supply and set a 49 cu ft two-door reach-in, dedicated 115 V circuit by others.', daysAgo: 2, validDays: 30, state: 'Open',
    lines: [['material', 'Two-door reach-in refrigerator, 49 cu ft', 1, 3890, 'Equipment', 55], labor(3, 'Delivery, set and start-up')],
  },
  {
    site: 'Ice House Storage LLC', title: 'Replace blast freezer condensing unit', description: 'Remove the failed 10 HP condensing unit and install a new low-temperature unit on the existing pad.', daysAgo: 6, validDays: 30, state: 'Sent',
    lines: [['material', 'Condensing unit 10 HP low temp R-448A', 1, 11850, 'Equipment', 55], ['material', 'Line set, valves and fittings', 1, 640, 'Parts', 60], labor(16)],
  },
  {
    site: 'Bishop Arts Cafe', title: 'Kitchen make-up air unit', description: 'Supply and install a 2,000 CFM make-up air unit tied to the hood controls.', daysAgo: 12, validDays: 45, state: 'Accepted',
    lines: [['material', 'Make-up air unit 2,000 CFM, gas fired', 1, 6120, 'Equipment', 55], ['material', 'Curb, duct transition and controls', 1, 880, 'Parts', 60], labor(14)],
  },
  {
    site: 'FreshMart #121 Plano', title: 'Convert produce cases to R-448A', description: 'Recover R-404A, replace expansion valves and recharge the produce line with R-448A.', daysAgo: 25, validDays: 30, state: 'Declined', reason: 'Budget deferred to next fiscal year',
    lines: [['material', 'Expansion valve, R-448A', 6, 142, 'Parts', 60], ['material', 'R-448A refrigerant, lb', 80, 11, 'Parts', 60], labor(20)],
  },
  {
    site: 'Uptown Steakhouse', title: 'New walk-in cooler for the wine room', description: '8 x 10 ft walk-in cooler with a remote condensing unit, glass door front.', daysAgo: 34, validDays: 60, state: 'Converted',
    lines: [['material', 'Walk-in cooler box 8 x 10 ft with glass door', 1, 9400, 'Equipment', 55], ['material', 'Remote condensing unit 1.5 HP', 1, 2650, 'Equipment', 55], labor(24)],
  },
];

const lineBody = ([kind, description, quantity, unitCost, markupGroup, markupPercent]: Line) =>
  quoteLineBody.parse({ kind, description, quantity, unitCost, markupGroup, markupPercent });

/**
 * Quotes and estimates made through their services: the dispatcher quotes repairs on new work orders (Open, Pending,
 * Submitted and e-mailed, Approved, Rejected and requoted as version 2), and the sales person estimates new equipment
 * (Open, Sent, Accepted, Declined with the customer's reason, and one converted into a work order).
 */
export async function seedDemoQuotes(db: Db, company: DemoCompany, clock: DemoClock, people: { dispatcher: DemoActor; sales: DemoActor }) {
  const { dispatcher, sales } = people;
  const emails: number[] = [];
  for (const q of QUOTES) {
    const when = clock.at(clock.day(-q.daysAgo), '09:10');
    const ctx = dispatcher.at(when);
    const { workOrderId } = await createWorkOrder(ctx, dispatcher.access, newWorkOrderBody.parse({ customerId: await demoSiteId(db, company.id, q.site), problem: q.problem }));
    const quote = await createQuote(ctx, dispatcher.access, createQuoteBody.parse({ workOrderId, title: q.title, quoteStatus: q.state === 'Pending' ? 'Pending' : 'Open' }));
    const place = { quoteNumber: quote.quoteNumber, quoteVersion: 1 };
    for (const line of q.lines) await addQuoteLine(ctx, dispatcher.access, place, lineBody(line));
    if (q.state === 'Open' || q.state === 'Pending') continue;
    await setQuoteStatus(ctx, dispatcher.access, quote.quoteNumber, 1, 'Submitted');
    if (q.state === 'Submitted') {
      const mail = documentEmailBody.parse({
        to: ['facilities@trinityhealth.example'],
        subject: `Quote ${quote.quoteNumber}: ${q.title}`,
        message: `<p>Hello,</p><p>As discussed on site, please find attached our quote ${quote.quoteNumber} for ${q.title.toLowerCase()} at ${q.site}.</p><p>Regards,<br>Dana Whitfield<br>Polar Refrigeration</p>`,
      });
      emails.push((await emailQuote(ctx, dispatcher.access, quote.quoteNumber, 1, mail)).emailOutboxId);
    }
    const decided = dispatcher.at(clock.at(clock.day(-q.daysAgo + 3), '15:40'));
    if (q.state === 'Approved') await approveQuote(decided, dispatcher.access, quote.quoteNumber, 1);
    if (q.state === 'Requoted') {
      await rejectQuote(decided, dispatcher.access, quote.quoteNumber, 1, 'Customer asked for a price with reused fixtures instead of new ones');
      await newQuoteVersion(dispatcher.at(clock.at(clock.day(-q.daysAgo + 4), '10:05')), dispatcher.access, quote.quoteNumber, 1);
    }
  }
  for (const e of ESTIMATES) {
    const date = clock.day(-e.daysAgo);
    const ctx = sales.at(clock.at(date, '11:20'));
    const header = estimateBody.parse({ customerId: await demoSiteId(db, company.id, e.site), title: e.title, description: e.description, validUntil: clock.day(-e.daysAgo + e.validDays) });
    const { customerEstimateId } = await createEstimate(ctx, sales.access, header);
    for (const line of e.lines) await addEstimateLine(ctx, sales.access, customerEstimateId, estimateLineBody.parse(lineBody(line)));
    if (e.state === 'Open') continue;
    await setEstimateStatus(ctx, sales.access, customerEstimateId, estimateStatusBody.parse({ status: 'Sent' }));
    const answered = sales.at(clock.at(clock.day(-e.daysAgo + 5), '16:05'));
    if (e.state === 'Declined') await setEstimateStatus(answered, sales.access, customerEstimateId, estimateStatusBody.parse({ status: 'Declined', declineReason: e.reason }));
    if (e.state === 'Accepted' || e.state === 'Converted') await setEstimateStatus(answered, sales.access, customerEstimateId, estimateStatusBody.parse({ status: 'Accepted' }));
    if (e.state === 'Converted') await convertEstimate(sales.at(clock.at(clock.day(-e.daysAgo + 6), '08:45')), sales.access, customerEstimateId);
  }
  return { emails };
}
