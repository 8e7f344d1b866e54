// Checks the operator's console under Node: node operator.test.js <site folder, of console.js, operator.js and
// operator.html>. The pure rules of console.js and operator.js; operator.html (the rules of every console page, the
// confirmation dialog, the live outcome and sale state); and the page's flows against the kit's fake DOM, storage and
// fetch: the token, kept in the tab and sent only as a bearer; the dashboard and its polling; a sale move only once
// confirmed; refused moves, refused tokens, network failures; admission and reconciliation. Exits non-zero on the
// first failed assertion.
'use strict';
const assert = require('assert');
const path = require('path');
const kit = require(path.join(__dirname, 'console-kit.js'));
const { E1, E2, R1, R2, HASH } = kit.ids;
const { fire, problem, catalog, bearer } = kit;
const consoles = kit.consoles(process.argv[2]);
const { shared, operator, open } = consoles;

// ---- pure rules -------------------------------------------------------------------------------------------------

assert.strictEqual(shared.tokenKey('operator'), 'onsale.operator-token');
assert.strictEqual(shared.tokenKey('auditor'), 'onsale.auditor-token');
assert.strictEqual(shared.problemText({ status: 409, body: { title: 'Conflict', detail: 'cannot pause a sale that is HALTED' } }),
  'cannot pause a sale that is HALTED', 'the detail first');
assert.strictEqual(shared.problemText({ status: 404, body: { title: 'Event not found' } }), 'Event not found', 'else the title');
assert.strictEqual(shared.problemText({ status: 502, body: {} }), 'The gateway answered 502.');
assert.match(shared.problemText({ status: 0, body: {} }), /^Network failure/);
assert.strictEqual(shared.problemText({ status: 400, body: { detail: 'invalid request',
  errors: [{ field: 'maxActiveBuyers', message: 'is required' }] } }), 'invalid request (maxActiveBuyers is required)');
assert.strictEqual(shared.shortHash(HASH), 'ffffffffffff…');
assert.strictEqual(shared.shortHash(null), '—');
assert.strictEqual(shared.money(12345, 'EUR'), '123.45 EUR');
assert.deepStrictEqual(operator.admissionBody('500', ' 200 '), { maxActiveBuyers: 500, maxAdmitPerSecond: 200 },
  'numbers, not strings');
assert.deepStrictEqual(operator.admissionBody('', '5'), { maxActiveBuyers: null, maxAdmitPerSecond: 5 }, 'empty is null');
assert.deepStrictEqual(operator.allowedActions('OPEN'), { open: false, pause: true, resume: false, halt: true });
assert.deepStrictEqual(operator.allowedActions('HALTED'), { open: false, pause: false, resume: true, halt: false });
assert.deepStrictEqual(operator.allowedActions(null), { open: true, pause: true, resume: true, halt: true },
  'unknown state: the server decides');
assert.match(operator.confirmation('halt', 'Winter concert').text, /Winter concert.*"sale stopped" at once/);
const fields = operator.dashboardFields({ saleState: 'OPEN', queue: null, seats: { available: 0, liveHolds: 2, sold: 8,
  capacity: 10 }, payments: { queued: 1, inFlight: 0, providerErrorsLastMinute: 4 }, lastReconciliation: null,
  unavailable: [{ part: 'queue', detail: 'queue-service did not answer within 500 ms' }] });
assert.strictEqual(fields['queue-length'], '—', 'a missing part shows a dash');
assert.strictEqual(fields['seats-available'], '0', 'zero is a value');
assert.strictEqual(fields['recon-report'], 'none yet');
assert.strictEqual(fields.unavailable, 'Not answering: queue-service did not answer within 500 ms');

// ---- the page ---------------------------------------------------------------------------------------------------

consoles.rendersAsText('console.js');
consoles.rendersAsText('operator.js');
consoles.checkPage('operator');
assert.ok(/<dialog id="confirm-dialog"/.test(consoles.html.operator));
assert.ok(/id="outcome"[^>]*role="status"/.test(consoles.html.operator));
assert.ok(/id="sale-state"[^>]*aria-live="polite"/.test(consoles.html.operator));

const dashboard = (saleState, extra) => ({ status: 200, body: Object.assign({
  eventId: E1, saleState, queue: { length: 1200, admitted: 300, activeBuyers: 250 },
  seats: { available: 700, liveHolds: 40, sold: 260, capacity: 1000 },
  payments: { queued: 3, inFlight: 7, providerErrorsLastMinute: 2 },
  lastReconciliation: { reportId: R1, finishedAt: '2026-12-01T10:00:00Z', covered: true, drifts: 1, totalDrifts: 1 },
  unavailable: [], at: '2026-12-01T10:00:02Z' }, extra) });
const operatorToken = { 'onsale.operator-token': 'adm-secret' };

kit.checks('operator.html, console.js, operator.js', async () => {
  // ---- operator: the token ----------------------------------------------------------------------------------------

  let op = await open('operator', { 'GET /api/events': catalog, ['GET /admin/events/' + E1 + '/dashboard']: dashboard('OPEN') });
  assert.deepStrictEqual(op.calls, [], 'without a token: nothing is asked');
  assert.strictEqual(op.el('token-form').hidden, false);
  assert.strictEqual(op.el('signed-in').hidden, true);
  op.el('token').value = ' adm-secret ';
  await op.submit('token-form');
  assert.deepStrictEqual(op.store, { 'onsale.operator-token': 'adm-secret' }, 'kept in sessionStorage under its key');
  assert.strictEqual(op.el('token').value, '', 'not left in the form');
  assert.strictEqual(op.el('token-form').hidden, true);
  assert.strictEqual(op.el('signed-in').hidden, false);
  assert.strictEqual(op.el('forget-token').hidden, false);
  assert.deepStrictEqual(op.lines(), ['GET /api/events', 'GET /admin/events/' + E1 + '/dashboard']);
  assert.strictEqual(op.calls[0].headers.Authorization, undefined, 'the anonymous catalog read carries no token');
  assert.ok(bearer(op, 'adm-secret'), 'every operator call carries the bearer token');
  assert.ok(op.calls.every(c => !c.url.includes('adm-secret')) && op.replaced.every(u => !u.includes('adm-secret')),
    'never in a URL');
  assert.strictEqual(op.el('event').children.length, 2);
  assert.strictEqual(op.text('sale-state'), 'OPEN');
  assert.strictEqual(op.el('sale-state').dataset.state, 'OPEN');
  assert.deepStrictEqual(['queue-length', 'queue-admitted', 'queue-active', 'seats-available', 'seats-live-holds',
    'seats-sold', 'seats-capacity', 'payments-queued', 'payments-in-flight', 'provider-errors', 'recon-report',
    'recon-drifts'].map(op.text), ['1200', '300', '250', '700', '40', '260', '1000', '3', '7', '2', R1, '1']);
  assert.match(op.text('updated'), /^Updated /);
  assert.deepStrictEqual([op.el('open').disabled, op.el('pause').disabled, op.el('halt').disabled], [true, false, false],
    'only the moves legal from OPEN');
  assert.deepStrictEqual(op.pending().map(t => t.ms), [2000], 'read again in 2 s');
  await op.runTimers();
  assert.strictEqual(op.lines().filter(l => l.endsWith('/dashboard')).length, 2, 'polled');
  assert.deepStrictEqual(op.pending().map(t => t.ms), [2000], 'one poll at a time');
  await op.click('forget-token');
  assert.deepStrictEqual(op.store, {}, 'forgotten');
  assert.strictEqual(op.el('token-form').hidden, false);
  assert.strictEqual(op.doc.activeElement, op.el('token'));
  await op.runTimers();
  assert.strictEqual(op.lines().filter(l => l.endsWith('/dashboard')).length, 2, 'no polling without a token');

  // the event in the hash is chosen; a change is kept there and read at once; a hidden tab does not poll
  op = await open('operator', { 'GET /api/events': catalog, ['GET /admin/events/' + E2 + '/dashboard']: dashboard('SCHEDULED'),
    ['GET /admin/events/' + E1 + '/dashboard']: dashboard('OPEN') }, { store: operatorToken, hash: '#' + E2, hidden: true });
  assert.deepStrictEqual(op.lines(), ['GET /api/events', 'GET /admin/events/' + E2 + '/dashboard']);
  assert.deepStrictEqual(op.pending(), [], 'a hidden tab is not polled');
  op.doc.visibilityState = 'visible';
  op.doc.listeners.visibilitychange.forEach(listener => listener({}));
  await op.settled();
  assert.strictEqual(op.lines().length, 3, 'read again once visible');
  op.el('event').value = E1;
  fire(op.el('event'), 'change');
  await op.settled();
  assert.deepStrictEqual(op.replaced, ['#' + E1]);
  assert.strictEqual(op.lines()[op.lines().length - 1], 'GET /admin/events/' + E1 + '/dashboard');

  // ---- operator: a halt only after #confirm-yes ---------------------------------------------------------------------

  const halts = [];
  op = await open('operator', { 'GET /api/events': catalog,
    ['GET /admin/events/' + E1 + '/dashboard']: [dashboard('OPEN'), dashboard('HALTED')],
    ['POST /admin/events/' + E1 + '/sale/halt']: init => {
      halts.push(init);
      return { status: 200, body: { eventId: E1, saleState: 'HALTED' } };
    } }, { store: operatorToken });
  await op.click('halt');
  assert.strictEqual(op.el('confirm-dialog').open, true, 'asks first');
  assert.match(op.text('confirm-text'), /Winter concert/, 'names the event');
  assert.match(op.text('confirm-text'), /"sale stopped" at once/);
  assert.match(op.text('confirm-yes'), /^Halt/);
  assert.strictEqual(halts.length, 0, 'nothing sent before the answer');
  await op.click('confirm-no');
  assert.strictEqual(op.el('confirm-dialog').open, false);
  assert.strictEqual(halts.length, 0, 'no halt after #confirm-no');
  await op.click('halt');
  op.el('confirm-dialog').close();
  await op.settled();
  assert.strictEqual(halts.length, 0, 'no halt when the dialog is closed (Escape)');
  const before = op.lines().length;
  await op.click('halt');
  await op.click('confirm-yes');
  assert.strictEqual(halts.length, 1, 'halted after #confirm-yes');
  assert.strictEqual(halts[0].body, '{}');
  assert.strictEqual(halts[0].headers['Content-Type'], 'application/json');
  assert.strictEqual(halts[0].headers.Authorization, 'Bearer adm-secret');
  assert.deepStrictEqual(op.lines().slice(before), ['POST /admin/events/' + E1 + '/sale/halt',
    'GET /admin/events/' + E1 + '/dashboard'], 'the dashboard is read at once');
  assert.match(op.text('outcome'), /HALTED/);
  assert.strictEqual(op.text('sale-state'), 'HALTED');
  assert.strictEqual(op.el('resume').disabled, false);
  assert.strictEqual(op.text('error'), '');

  // a refused move: the problem's detail in #error
  op = await open('operator', { 'GET /api/events': catalog, ['GET /admin/events/' + E1 + '/dashboard']: dashboard(null),
    ['POST /admin/events/' + E1 + '/sale/pause']: problem(409, 'sale-state-conflict', 'cannot pause a sale that is HALTED') },
  { store: operatorToken });
  await op.click('pause');
  await op.click('confirm-yes');
  assert.strictEqual(op.text('error'), 'cannot pause a sale that is HALTED');
  assert.match(op.text('outcome'), /not confirmed/);
  await op.runTimers();
  assert.strictEqual(op.text('error'), 'cannot pause a sale that is HALTED', 'a good poll keeps an action\'s error');

  // a refused token (403): its detail shown, forgotten, asked for again
  op = await open('operator', { 'GET /api/events': catalog,
    ['GET /admin/events/' + E1 + '/dashboard']: problem(403, 'forbidden', 'this call needs the admin token') },
  { store: operatorToken });
  assert.match(op.text('error'), /this call needs the admin token/);
  assert.deepStrictEqual(op.store, {}, 'a refused token is forgotten');
  assert.strictEqual(op.el('token-form').hidden, false);
  assert.strictEqual(op.doc.activeElement, op.el('token'));
  assert.deepStrictEqual(op.pending(), [], 'no polling with a refused token');

  // a network failure says so; the next good read clears it
  op = await open('operator', { 'GET /api/events': catalog,
    ['GET /admin/events/' + E1 + '/dashboard']: ['network failure', dashboard('OPEN')] }, { store: operatorToken });
  assert.match(op.text('error'), /^Network failure/);
  assert.match(op.text('updated'), /^Not updating/);
  await op.runTimers();
  assert.strictEqual(op.text('error'), '');

  // ---- operator: admission and reconciliation -------------------------------------------------------------------------

  const admissions = [];
  op = await open('operator', { 'GET /api/events': catalog, ['GET /admin/events/' + E1 + '/dashboard']: dashboard('OPEN'),
    ['PUT /admin/events/' + E1 + '/admission']: [
      init => {
        admissions.push(init);
        return { status: 200, body: { eventId: E1, maxActiveBuyers: 500, maxAdmitPerSecond: 200 } };
      },
      { status: 400, body: { type: '/problems/invalid-request', title: 'Invalid request', status: 400,
        detail: 'the request is invalid',
        errors: [{ field: 'maxAdmitPerSecond', message: 'must be an integer between 1 and 10000' }] } }],
    'POST /admin/reconciliation/run': [
      { status: 201, body: { reportId: R2, drifts: 3, events: [] } },
      problem(409, 'reconciliation-running', 'a reconciliation run is under way', { 'Retry-After': '5' })] },
  { store: operatorToken });
  op.el('max-active-buyers').value = '500';
  op.el('max-admit-per-second').value = '200';
  await op.submit('admission-form');
  assert.strictEqual(admissions[0].body, '{"maxActiveBuyers":500,"maxAdmitPerSecond":200}', 'two JSON numbers');
  assert.strictEqual(admissions[0].headers['Content-Type'], 'application/json');
  assert.match(op.text('admission-outcome'), /500 active buyers, 200 let in per second/);
  op.el('max-admit-per-second').value = '20000';
  await op.submit('admission-form');
  assert.match(op.text('error'), /the request is invalid \(maxAdmitPerSecond must be an integer between 1 and 10000\)/);
  assert.strictEqual(op.text('admission-outcome'), 'Admission not changed.');
  await op.click('run-reconciliation');
  assert.strictEqual(op.text('error'), '', 'a new action clears the last one\'s error');
  assert.strictEqual(op.text('reconciliation-outcome'), 'Report ' + R2 + ' finished with 3 drifts.');
  assert.strictEqual(op.calls.find(c => c.line === 'POST /admin/reconciliation/run').headers.Authorization,
    'Bearer adm-secret');
  await op.click('run-reconciliation');
  assert.match(op.text('reconciliation-outcome'), /^Already running.*Try again in 5 s\.$/);
  assert.deepStrictEqual(op.doc.missing, [], 'the operator page has every element the script asks for');
});
