// The hosted checkout page (`_links.checkout`), in Dutch like Mollie's test mode: pick a method
// (skipped when the payment was created with one), then the test outcome; the payment changes,
// its webhook is called and the browser goes back to the shop. Plus a small dashboard page per
// payment (`_links.dashboard`) with its refunds and every webhook call.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './api.ts';
import type { ConnectStore } from './connect-store.ts';
import { CHARGEBACK_REASONS, type ChargebackRow, type RouteRow } from './connect-wire.ts';
import type { Scheduler } from './scheduler.ts';
import type { DeliveryLog, FinalOutcome, PaymentStore } from './store.ts';
import { CHECKOUT_METHODS, TEST_OUTCOMES, type CheckoutMethod, type PaymentRow, type PaymentStatus, type RefundRow, type TestOutcome, type Origin } from './wire.ts';

export interface CheckoutContext {
  store: PaymentStore;
  connect: ConnectStore;
  scheduler: Scheduler;
}

const METHOD_LABELS: Record<CheckoutMethod, string> = { ideal: 'iDEAL', creditcard: 'Creditcard', bancontact: 'Bancontact' };
const METHOD_HINTS: Record<CheckoutMethod, string> = {
  ideal: 'Betaal via je eigen bank',
  creditcard: 'Visa, Mastercard of American Express',
  bancontact: 'Voor rekeningen bij Belgische banken',
};

const STATUS_LABELS: Record<PaymentStatus, string> = {
  open: 'Open',
  pending: 'In behandeling',
  authorized: 'Geautoriseerd',
  paid: 'Betaald',
  failed: 'Mislukt',
  canceled: 'Geannuleerd',
  expired: 'Verlopen',
};

const OUTCOME_GLYPHS: Record<TestOutcome, string> = { paid: '✓', failed: '✕', canceled: '↩', expired: '⏱', open: '…' };

const OUTCOME_HINTS: Record<TestOutcome, string> = {
  paid: 'De betaling slaagt.',
  failed: 'De bank weigert de betaling.',
  canceled: 'Je breekt de betaling af.',
  expired: 'De betaaltijd is verstreken.',
  open: 'De betaling blijft open; je kunt later alsnog betalen.',
};

export const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export const euro = (currency: string, cents: number) => new Intl.NumberFormat('nl-NL', { style: 'currency', currency }).format(cents / 100);
export const dutchTime = (date: Date | string) => new Intl.DateTimeFormat('nl-NL', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Europe/Amsterdam' }).format(new Date(date));

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f8;color:#1b1d29}
main{max-width:440px;margin:0 auto;padding:24px 16px 40px}
.test{display:flex;gap:8px;align-items:center;background:#fff4d6;border:1px solid #f0d68a;color:#5c4500;border-radius:10px;padding:10px 14px;font-size:14px;margin-bottom:16px}
.test strong{background:#5c4500;color:#fff;border-radius:6px;padding:1px 7px;font-size:12px;letter-spacing:.04em}
.card{background:#fff;border-radius:16px;box-shadow:0 1px 3px rgba(20,22,40,.08),0 8px 24px rgba(20,22,40,.06);padding:24px}
.merchant{color:#5b5f73;font-size:14px;margin:0}
.amount{font-size:34px;font-weight:700;margin:4px 0 2px;letter-spacing:-.01em}
.description{margin:0 0 20px;color:#343849;word-wrap:break-word}
h1{font-size:19px;margin:20px 0 12px}
h2{font-size:16px;margin:24px 0 8px}
form{margin:0}
.choices{display:grid;gap:10px}
.choice{display:flex;width:100%;align-items:center;gap:14px;text-align:left;border:1.5px solid #d9dbe6;background:#fff;border-radius:12px;padding:14px 16px;font:inherit;color:inherit;cursor:pointer;min-height:56px}
.choice:hover{border-color:#0a66ff;background:#f5f8ff}
.choice:focus-visible{outline:3px solid #0a66ff;outline-offset:2px}
.choice b{display:block}
.choice small{display:block;color:#5b5f73;font-size:14px}
.badge{flex:none;width:44px;height:32px;border-radius:7px;display:grid;place-items:center;color:#fff;font-weight:700;font-size:12px}
.choice .badge.paid,.choice .badge.failed,.choice .badge.canceled,.choice .badge.expired,.choice .badge.open{font-size:18px}
.ideal{background:#cc0066}.creditcard{background:#1a1f71}.bancontact{background:#005498}
.paid{background:#1c7c3a}.failed{background:#b3261e}.canceled{background:#5b5f73}.expired{background:#8a5a00}.open{background:#0a66ff}
.status{display:inline-block;border-radius:999px;padding:2px 12px;color:#fff;font-weight:600;font-size:14px}
.note{color:#5b5f73;font-size:14px;margin:14px 0 0}
a{color:#0a55d4}
.back{display:inline-block;margin-top:18px}
.button{display:inline-block;background:#0a66ff;color:#fff;text-decoration:none;border-radius:10px;padding:12px 18px;font-weight:600}
.button:focus-visible{outline:3px solid #1b1d29;outline-offset:2px}
label{display:block;font-weight:600;margin:12px 0 4px}
input[type=text],input[type=email],select{width:100%;font:inherit;padding:10px 12px;border:1.5px solid #d9dbe6;border-radius:10px;background:#fff}
input:focus-visible,select:focus-visible,button:focus-visible{outline:3px solid #0a66ff;outline-offset:2px}
fieldset{border:0;padding:0;margin:0 0 8px}
legend{font-weight:600;margin-bottom:6px;padding:0}
label.radio{display:flex;gap:10px;align-items:center;font-weight:400;margin:6px 0}
.actions{display:flex;gap:10px;flex-wrap:wrap;margin-top:18px}
.actions button,button.primary,button.secondary{font:inherit;font-weight:600;border-radius:10px;padding:12px 18px;cursor:pointer;border:1.5px solid #0a66ff}
button.primary{background:#0a66ff;color:#fff}
button.secondary{background:#fff;color:#0a55d4}
button[disabled]{opacity:.55;cursor:default}
.error{color:#b3261e}
ul.scopes{margin:6px 0 0;padding-left:20px;font-size:14px}
footer{text-align:center;color:#7a7e92;font-size:13px;margin-top:20px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 14px;margin:0;font-size:14px}
dt{color:#5b5f73}dd{margin:0;word-break:break-all}
table{width:100%;border-collapse:collapse;font-size:14px}
th,td{text-align:left;padding:6px 4px;border-bottom:1px solid #eceef4;vertical-align:top;overflow-wrap:anywhere}
`;

export function page(title: string, body: string) {
  return `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} · Mollie-sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="test" role="note"><strong>TEST</strong> Testmodus: er wordt geen echt geld afgeschreven.</p>
${body}
<footer>Lokale Mollie-sandbox van de Podium-stack</footer>
</main>
</body>
</html>`;
}

export function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    // No scripts at all; forms may post here and the browser then follows a redirect to the shop.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  });
  res.end(html);
}

function summary(payment: PaymentRow) {
  const host = safeHost(payment.redirect_url);
  return `<div class="card">
<p class="merchant">Betaling aan ${escape(host)}</p>
<p class="amount">${escape(euro(payment.currency, Number(payment.amount_cents)))}</p>
<p class="description">${escape(payment.description)}</p>`;
}

function safeHost(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return 'de webwinkel';
  }
}

function methodStep(payment: PaymentRow) {
  const buttons = CHECKOUT_METHODS.map(
    (method) => `<button class="choice" type="submit" name="method" value="${method}">
<span class="badge ${method}" aria-hidden="true">${method === 'creditcard' ? 'CARD' : method === 'ideal' ? 'iD' : 'BC'}</span>
<span><b>${METHOD_LABELS[method]}</b><small>${METHOD_HINTS[method]}</small></span></button>`,
  ).join('\n');
  return page(
    'Kies je betaalmethode',
    `${summary(payment)}
<h1 id="methods">Kies je betaalmethode</h1>
<form method="get" class="choices" aria-labelledby="methods">
${buttons}
</form>
<p class="note">Deze betaling verloopt op ${escape(dutchTime(payment.expires_at))}.</p>
</div>`,
  );
}

function outcomeStep(payment: PaymentRow, method: CheckoutMethod, canChangeMethod: boolean) {
  const buttons = TEST_OUTCOMES.map(
    (outcome) => `<button class="choice" type="submit" name="status" value="${outcome}">
<span class="badge ${outcome}" aria-hidden="true">${OUTCOME_GLYPHS[outcome]}</span>
<span><b>${STATUS_LABELS[outcome]}</b><small>${OUTCOME_HINTS[outcome]}</small></span></button>`,
  ).join('\n');
  return page(
    'Testbetaling',
    `${summary(payment)}
<p class="merchant">Betaalmethode: <b>${METHOD_LABELS[method]}</b>${canChangeMethod ? ` · <a href="?">wijzigen</a>` : ''}</p>
<h1 id="outcome">Kies de status van deze testbetaling</h1>
<form method="post" class="choices" aria-labelledby="outcome">
<input type="hidden" name="method" value="${method}">
${buttons}
</form>
<p class="note">Na je keuze hoort de webwinkel de nieuwe status via de webhook en ga je terug naar de webwinkel.</p>
</div>`,
  );
}

function finishedPage(payment: PaymentRow) {
  return page(
    `Betaling ${STATUS_LABELS[payment.status]}`,
    `${summary(payment)}
<p>Status: <span class="status ${payment.status}">${STATUS_LABELS[payment.status]}</span></p>
<p class="note">Deze betaling is afgerond en kan niet meer worden gewijzigd.</p>
<a class="button back" href="${escape(payment.redirect_url)}">Terug naar de webwinkel</a>
</div>`,
  );
}

function notFoundPage() {
  return page('Betaling niet gevonden', `<div class="card"><h1>Betaling niet gevonden</h1><p>Deze betaallink bestaat niet (meer). Ga terug naar de webwinkel en probeer het opnieuw.</p></div>`);
}

const isMethod = (value: unknown): value is CheckoutMethod => typeof value === 'string' && (CHECKOUT_METHODS as readonly string[]).includes(value);
const isOutcome = (value: unknown): value is TestOutcome => typeof value === 'string' && (TEST_OUTCOMES as readonly string[]).includes(value);

/** `/checkout/{id}`: GET shows a step, POST applies the chosen outcome and sends the browser on. */
export async function handleCheckout(ctx: CheckoutContext, req: IncomingMessage, res: ServerResponse, url: URL, paymentId: string, origin: Origin): Promise<void> {
  if (await ctx.scheduler.catchUp()) ctx.scheduler.wake();
  const payment = await ctx.store.payment(paymentId);
  if (!payment) return sendHtml(res, 404, notFoundPage());

  if (req.method === 'POST') {
    const form = new URLSearchParams(await readBody(req));
    const outcome = form.get('status');
    const method = payment.method ?? form.get('method');
    if (payment.status !== 'open' || !isOutcome(outcome) || !isMethod(method)) return redirect(res, origin.checkout(payment.id));
    if (outcome === 'open') {
      await ctx.store.chooseMethod(payment.id, method);
      return redirect(res, payment.redirect_url);
    }
    const finished = await ctx.store.finish(payment.id, outcome satisfies FinalOutcome, { method });
    if (!finished) return redirect(res, origin.checkout(payment.id));
    ctx.scheduler.wake();
    return redirect(res, outcome === 'canceled' ? (payment.cancel_url ?? payment.redirect_url) : payment.redirect_url);
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, POST' });
    res.end();
    return;
  }

  if (payment.status !== 'open') return sendHtml(res, 200, finishedPage(payment));
  if (payment.method && isMethod(payment.method)) return sendHtml(res, 200, outcomeStep(payment, payment.method, false));
  const chosen = url.searchParams.get('method');
  if (isMethod(chosen)) return sendHtml(res, 200, outcomeStep(payment, chosen, true));
  return sendHtml(res, 200, methodStep(payment));
}

export function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location, 'cache-control': 'no-store', 'content-length': 0 });
  res.end();
}

// ---- dashboard --------------------------------------------------------------------------------

function refundRows(refunds: RefundRow[]) {
  if (refunds.length === 0) return '<p class="note">Geen terugbetalingen.</p>';
  const rows = refunds
    .map((refund) => {
      return `<tr><td>${escape(refund.id)}</td><td>${escape(euro(refund.currency, Number(refund.amount_cents)))}</td><td>${escape(refund.status)}</td><td>${escape(dutchTime(refund.created_at))}</td></tr>`;
    })
    .join('');
  return `<table><thead><tr><th>Id</th><th>Bedrag</th><th>Status</th><th>Aangemaakt</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function deliveryRows(deliveries: DeliveryLog[]) {
  if (deliveries.length === 0) return '<p class="note">Nog geen webhook-aanroepen.</p>';
  return deliveries
    .map((delivery) => {
      const state = delivery.delivered_at
        ? 'afgeleverd'
        : delivery.gave_up_at
          ? 'opgegeven na 10 pogingen'
          : `volgende poging ${delivery.next_attempt_at ? escape(dutchTime(delivery.next_attempt_at)) : 'nu'}`;
      const attempts = delivery.log
        .map(
          (attempt) =>
            `<tr><td>${attempt.attempt}</td><td>${escape(dutchTime(attempt.at))}</td><td>${attempt.response_status ?? escape(attempt.error ?? '')}</td><td>${attempt.duration_ms} ms</td></tr>`,
        )
        .join('');
      return `<h2>${escape(delivery.event)} → ${escape(delivery.url)}</h2><p class="note">${state}</p>
<table><thead><tr><th>Poging</th><th>Tijd</th><th>Antwoord</th><th>Duur</th></tr></thead><tbody>${attempts}</tbody></table>`;
    })
    .join('\n');
}

function chargebackRows(chargebacks: ChargebackRow[]) {
  if (chargebacks.length === 0) return '<p class="note">Geen terugboekingen.</p>';
  const rows = chargebacks
    .map(
      (chargeback) =>
        `<tr><td>${escape(chargeback.id)}</td><td>${escape(euro(chargeback.currency, Number(chargeback.amount_cents)))}</td><td>${escape(`${chargeback.reason_code} ${chargeback.reason_description}`)}</td><td>${escape(dutchTime(chargeback.created_at))}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Id</th><th>Bedrag</th><th>Reden</th><th>Aangemaakt</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function chargebackForm(payment: PaymentRow) {
  const left = (Number(payment.amount_cents) - Number(payment.charged_back_cents ?? 0)) / 100;
  const reasons = Object.entries(CHARGEBACK_REASONS)
    .map(([code, description]) => `<option value="${code}">${escape(`${code}: ${description}`)}</option>`)
    .join('');
  return `<form method="post" action="${escape(payment.id)}/chargebacks">
<label for="chargeback-amount">Bedrag van de terugboeking (EUR)</label>
<input type="text" id="chargeback-amount" name="amount" inputmode="decimal" required pattern="\\d+(\\.\\d{2})?" value="${left.toFixed(2)}">
<label for="chargeback-reason">Reden</label>
<select id="chargeback-reason" name="reason">${reasons}</select>
<div class="actions"><button type="submit" class="primary">Terugboeking (chargeback)</button></div>
<p class="note">De webwinkel hoort het via de webhook, zoals bij Mollie.</p>
</form>`;
}

function routeRows(routes: RouteRow[]) {
  if (routes.length === 0) return '<p class="note">Geen routes.</p>';
  const rows = routes
    .map(
      (route) =>
        `<tr><td>${escape(route.id)}</td><td>${escape(euro(route.currency, Number(route.amount_cents)))}</td><td>${escape(route.destination_id)}</td><td>${escape(route.description)}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Id</th><th>Bedrag</th><th>Naar</th><th>Omschrijving</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** `/dashboard/payments/{id}`: what Mollie's dashboard shows of one payment, plus the webhook log. */
export async function handleDashboard(ctx: CheckoutContext, res: ServerResponse, paymentId: string) {
  if (await ctx.scheduler.catchUp()) ctx.scheduler.wake();
  const payment = await ctx.store.payment(paymentId);
  if (!payment) return sendHtml(res, 404, notFoundPage());
  const [refunds, deliveries, chargebacks, routes] = await Promise.all([
    ctx.store.listRefunds(payment.id, null, 250),
    ctx.store.deliveries(payment.id),
    ctx.connect.chargebacks(payment.id),
    ctx.connect.routes(payment.id),
  ]);
  const field = (label: string, value: string | null | undefined) => (value ? `<dt>${label}</dt><dd>${escape(value)}</dd>` : '');
  const when = (date: Date | null) => (date ? dutchTime(date) : null);
  return sendHtml(
    res,
    200,
    page(
      `Betaling ${payment.id}`,
      `${summary(payment)}
<p>Status: <span class="status ${payment.status}">${STATUS_LABELS[payment.status]}</span></p>
<dl>
${field('Id', payment.id)}${field('Profiel', payment.profile_id)}${field('Methode', payment.method ? (METHOD_LABELS[payment.method as CheckoutMethod] ?? payment.method) : null)}
${field('Aangemaakt', when(payment.created_at))}${field('Betaald', when(payment.paid_at))}${field('Mislukt', when(payment.failed_at))}
${field('Geannuleerd', when(payment.canceled_at))}${field('Verlopen', when(payment.expired_at))}${payment.status === 'open' ? field('Verloopt', when(payment.expires_at)) : ''}
${field('Terugbetaald', payment.status === 'paid' ? euro(payment.currency, Number(payment.refunded_cents)) : null)}
${field('redirectUrl', payment.redirect_url)}${field('cancelUrl', payment.cancel_url)}${field('webhookUrl', payment.webhook_url)}
${field('metadata', payment.metadata === null ? null : JSON.stringify(payment.metadata))}
</dl>
<h1>Terugbetalingen</h1>
${refundRows(refunds.items)}
<h1>Terugboekingen (chargebacks)</h1>
${chargebackRows(chargebacks)}
${payment.status === 'paid' ? chargebackForm(payment) : ''}
<h1>Routes (Mollie Connect)</h1>
${routeRows(routes)}
<h1>Webhook-aanroepen</h1>
${deliveryRows(deliveries)}
</div>`,
    ),
  );
}
