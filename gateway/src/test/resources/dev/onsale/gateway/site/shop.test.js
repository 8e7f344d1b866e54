// Tests of the buyer's pages' scripts under Node: node shop.test.js <dir of site.js, shop.js, checkout.js>.
// The rules directly; checkout's payment against a fake DOM, storage and fetch. Exits non-zero on the first failure.
'use strict';
const assert = require('assert');
const fs = require('fs');
const path = require('path');

const dir = process.argv[2];
const site = require(path.join(dir, 'site.js'));
const shop = require(path.join(dir, 'shop.js'));
const checkout = require(path.join(dir, 'checkout.js'));

// ---- rules ---------------------------------------------------------------------------------------
assert.strictEqual(site.timeLeft(10000 + 125400, 10000), '2 min 05 s');
assert.strictEqual(site.timeLeft(10000, 10000), null, 'nothing left at the deadline');
assert.strictEqual(site.timeLeft(NaN, 10000), null, 'no deadline is no time left');
assert.match(site.money(5000, 'EUR'), /50[.,]00/);
assert.match(site.money(5000, 'XXQ'), /50\.00 XXQ|50[.,]00/, 'an unknown currency still shows the amount');
assert.strictEqual(site.problemText({ status: 0, body: {}, retryAfterSeconds: 0 }),
  'We could not reach Onsale. Check your connection and try again.');
assert.strictEqual(site.problemText({ status: 503, body: { detail: 'Busy.' }, retryAfterSeconds: 2 }),
  'Busy. Try again in 2 s.');

const map = shop.seatMap([
  { seatId: 'A-1-1', section: 'A', row: 1, number: 1 }, { seatId: 'A-1-2', section: 'A', row: 1, number: 2 },
  { seatId: 'A-2-1', section: 'A', row: 2, number: 1 }, { seatId: 'B-1-1', section: 'B', row: 1, number: 1 }]);
assert.deepStrictEqual(map.map(s => s.section), ['A', 'B']);
assert.deepStrictEqual(map[0].rows.map(r => r.seats.map(s => s.seatId)), [['A-1-1', 'A-1-2'], ['A-2-1']]);

assert.deepStrictEqual(shop.toggle(['A-1-1'], 'A-1-2', 2), { chosen: ['A-1-1', 'A-1-2'], refused: false });
assert.deepStrictEqual(shop.toggle(['A-1-1', 'A-1-2'], 'A-1-1', 2), { chosen: ['A-1-2'], refused: false });
assert.deepStrictEqual(shop.toggle(['A-1-1', 'A-1-2'], 'A-1-3', 2), { chosen: ['A-1-1', 'A-1-2'], refused: true },
  'the per-order limit refuses a third seat');
assert.strictEqual(shop.saleInWords({ saleState: 'SCHEDULED', saleOpensAt: '2027-01-01' }, at => 'on ' + at),
  'opens on 2027-01-01');
assert.strictEqual(shop.saleInWords({ saleState: 'HALTED' }, String), 'stopped by the organiser');
for (const status of ['HELD', 'PAYMENT_PENDING', 'CONFIRMED', 'EXPIRED', 'CANCELLED', 'PAYMENT_FAILED', 'REFUNDED']) {
  const [heading, sentence] = checkout.outcome(status);
  assert.ok(heading && sentence && !sentence.includes(status), status + ' is said in words');
}
assert.match(checkout.outcome('PAYMENT_FAILED')[1], /nothing was charged/);
assert.match(checkout.outcome('EXPIRED')[1], /released/);
assert.deepStrictEqual(checkout.outcome('PAYMENT_FAILED', 'unknown_payment_method')[0], 'Payment method not accepted',
  'a failed payment says why');
assert.match(checkout.outcome('PAYMENT_FAILED', 'insufficient_funds')[1],
  /^The card has insufficient funds, so nothing was charged/);
for (const reason of ['card_declined', 'insufficient_funds', 'unknown_payment_method', 'provider-unavailable']) {
  assert.match(checkout.outcome('PAYMENT_FAILED', reason)[1], /nothing was charged/, reason + ' says nothing was charged');
}
assert.match(checkout.outcome('PAYMENT_FAILED', 'provider-unavailable')[1], /could not be reached/);
assert.strictEqual(checkout.outcome('PAYMENT_FAILED', 'something_new')[0], 'Payment declined',
  'a reason the page does not know: the general words');

// ---- checkout against a fake page ---------------------------------------------------------------
const ORDER = '11111111-2222-3333-4444-555555555555';
const EVENT = '99999999-8888-7777-6666-555555555555';

function order(status) {
  return { orderId: ORDER, eventId: EVENT, status, seatIds: ['A-1-1'], amountCents: 5000, currency: 'EUR',
    expiresAt: new Date(Date.now() + 60000).toISOString(), tickets: [] };
}

/** Runs site.js and checkout.js on /orders/ORDER; `answer(method, url, headers)` gives each reply. */
function checkoutPage(store, answer) {
  const elements = {};
  const element = id => elements[id] || (elements[id] = fakeElement());
  const calls = [];
  let method = 'tok_visa';
  const globals = {
    window: {
      location: { pathname: '/orders/' + ORDER },
      localStorage: { getItem: k => (k in store ? store[k] : null), setItem: (k, v) => { store[k] = v; },
        removeItem: k => { delete store[k]; } },
      crypto: { randomUUID: () => 'key-' + calls.length },
      addEventListener: () => {}
    },
    document: {
      getElementById: element, body: { dataset: { page: 'order' } }, visibilityState: 'visible',
      querySelector: () => ({ value: method }), createElement: () => fakeElement()
    },
    fetch: async (url, init) => {
      calls.push({ method: init.method, url, headers: init.headers, body: init.body });
      const reply = answer(init.method, url, init.headers);
      return { status: reply.status, headers: { get: () => null }, json: async () => reply.body };
    },
    setTimeout: resume => setImmediate(resume), setInterval: () => 0, clearInterval: () => {}
  };
  const run = (file) => new Function(...Object.keys(globals), fs.readFileSync(path.join(dir, file), 'utf8'))(
    ...Object.values(globals));
  globals.window.Onsale = undefined;
  run('site.js');
  run('checkout.js');
  return { elements, calls, store, choose: m => { method = m; } };
}

function fakeElement() {
  const handlers = {};
  return { hidden: true, textContent: '', disabled: false, href: '', dataset: {}, children: [],
    addEventListener: (type, handler) => { handlers[type] = handler; }, handlers,
    appendChild(child) { this.children.push(child); }, setAttribute() {} };
}

const settle = () => new Promise(done => setTimeout(done, 50));

(async () => {
  const session = JSON.stringify({ sessionToken: 's1.t', expiresAt: new Date(Date.now() + 3600000).toISOString() });

  // a double click on Pay sends one payment, and the page follows it to the decline
  let status = 'HELD';
  let page = checkoutPage({ 'onsale.session': session }, (method, url) => {
    if (method === 'POST') {
      status = 'PAYMENT_FAILED';
      return { status: 202, body: { paymentId: 'p1', status: 'PROCESSING' } };
    }
    return { status: 200, body: order(status) };
  });
  await settle();
  assert.strictEqual(page.elements.heading.textContent, 'Your seats are held');
  assert.strictEqual(page.elements['pay-form'].hidden, false);
  assert.strictEqual(page.store['onsale.order.' + EVENT] !== undefined, true, 'the live order is shared with other tabs');
  page.choose('tok_declined');
  const submit = page.elements['pay-form'].handlers.submit;
  submit({ preventDefault() {} });
  submit({ preventDefault() {} });
  await settle();
  const payments = page.calls.filter(c => c.method === 'POST');
  assert.strictEqual(payments.length, 1, 'one payment for a double click');
  assert.strictEqual(payments[0].url, '/api/orders/' + ORDER + '/payments');
  assert.deepStrictEqual(JSON.parse(payments[0].body), { paymentMethod: 'tok_declined' });
  assert.ok(payments[0].headers['Idempotency-Key'], 'an Idempotency-Key');
  assert.strictEqual(payments[0].headers.Authorization, 'Bearer s1.t');
  assert.strictEqual(page.elements.heading.textContent, 'Payment declined');
  assert.strictEqual(page.elements['pay-form'].hidden, true);
  assert.strictEqual(page.elements.next.hidden, false, 'the way to choose again');
  assert.strictEqual(page.store['onsale.order.' + EVENT], undefined, 'an ended order is no longer live');

  // a reload in the middle of paying sends the same key again, so the provider charges once
  const stored = { 'onsale.session': session,
    ['onsale.payment.' + ORDER]: JSON.stringify({ key: 'kept-key', method: 'tok_visa' }) };
  status = 'HELD';
  page = checkoutPage(stored, (method) => {
    if (method === 'POST') {
      status = 'CONFIRMED';
      return { status: 202, body: { paymentId: 'p1', status: 'PROCESSING' } };
    }
    const current = order(status);
    current.tickets = status === 'CONFIRMED' ? [{ ticketId: 't-1', seatId: 'A-1-1' }] : [];
    return { status: 200, body: current };
  });
  await settle();
  page.elements['pay-form'].handlers.submit({ preventDefault() {} });
  await settle();
  assert.strictEqual(page.calls.find(c => c.method === 'POST').headers['Idempotency-Key'], 'kept-key');
  assert.strictEqual(page.elements.heading.textContent, 'You have tickets');
  assert.strictEqual(page.elements.tickets.hidden, false);
  assert.strictEqual(page.elements.tickets.children.length, 1, 'one ticket shown');
  assert.strictEqual(page.store['onsale.payment.' + ORDER], undefined, 'the key is forgotten once settled');

  // another browser's order is not found: said so, nothing to pay
  page = checkoutPage({ 'onsale.session': session }, () => ({ status: 404, body: { type: '/problems/not-found' } }));
  await settle();
  assert.strictEqual(page.elements.heading.textContent, 'No such order here');
  assert.strictEqual(page.elements['pay-form'].hidden, true);
  assert.strictEqual(page.calls.filter(c => c.method === 'POST').length, 0);
})().catch(failure => {
  console.error(failure);
  process.exit(1);
});
