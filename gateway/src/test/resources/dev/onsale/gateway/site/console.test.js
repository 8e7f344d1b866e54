// Checks the consoles' scripts under Node: node console.test.js <dir of console.js, operator.js, auditor.js and
// their pages>. Their pure rules; the two pages (operator.html and auditor.html: no inline code, a label for every
// field, console.js then the page's own script, every id the scripts ask for); and both pages' flows against a fake
// DOM, storage and fetch, the scripts run as the page runs them. Exits non-zero on the first failed assertion.
'use strict';
const assert = require('assert');
const fs = require('fs');
const path = require('path');
const site = path.resolve(process.argv[2]);
const scripts = ['console.js', 'operator.js', 'auditor.js'];
const source = Object.fromEntries(scripts.map(name => [name, fs.readFileSync(path.join(site, name), 'utf8')]));
const [shared, operator, auditor] = scripts.map(name => require(path.join(site, name)));
let finished = false;
process.on('unhandledRejection', failure => {
  console.error(failure);
  process.exit(1);
});
process.on('exit', code => {
  if (code === 0 && !finished) {
    console.error('the checks stopped half way: a promise the test waits for never settled');
    process.exitCode = 1;
  }
});

const E1 = '11111111-1111-1111-1111-111111111111';
const E2 = '22222222-2222-2222-2222-222222222222';
const R1 = 'aaaaaaaa-0000-0000-0000-000000000001';
const R2 = 'aaaaaaaa-0000-0000-0000-000000000002';
const HASH = 'f'.repeat(64);

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
assert.strictEqual(auditor.verifyText({ valid: true, reports: 3 }), 'valid, 3 reports');
assert.strictEqual(auditor.verifyText({ valid: true, reports: 1 }), 'valid, 1 report');
assert.strictEqual(auditor.verifyText({ valid: false, reports: 3, firstBadReportId: R2 }), 'NOT valid: first bad report ' + R2);
assert.deepStrictEqual(operator.admissionBody('500', ' 200 '), { maxActiveBuyers: 500, maxAdmitPerSecond: 200 },
  'numbers, not strings');
assert.deepStrictEqual(operator.admissionBody('', '5'), { maxActiveBuyers: null, maxAdmitPerSecond: 5 }, 'empty is null');
assert.deepStrictEqual(operator.allowedActions('OPEN'), { open: false, pause: true, resume: false, halt: true });
assert.deepStrictEqual(operator.allowedActions('HALTED'), { open: false, pause: false, resume: true, halt: false });
assert.deepStrictEqual(operator.allowedActions(null), { open: true, pause: true, resume: true, halt: true },
  'unknown state: the server decides');
assert.match(operator.confirmation('halt', 'Winter concert').text, /Winter concert.*"sale stopped" at once/);
const invariants = auditor.invariantList({ I3: { holds: true, detail: 'c' }, I1: { holds: true, detail: 'a' },
  I2: { holds: false, detail: '2 seats sold twice' } });
assert.deepStrictEqual(invariants.map(i => i.name), ['I1', 'I2', 'I3']);
assert.deepStrictEqual(invariants.map(i => i.holds), [true, false, true]);
assert.strictEqual(invariants[1].text, 'I2 FAILS: 2 seats sold twice');
assert.strictEqual(auditor.invariantList({ I1: { detail: 'no verdict' } })[0].holds, false, 'no verdict is no pass');
const fields = operator.dashboardFields({ saleState: 'OPEN', queue: null, seats: { available: 0, liveHolds: 2, sold: 8,
  capacity: 10 }, payments: { queued: 1, inFlight: 0, providerErrorsLastMinute: 4 }, lastReconciliation: null,
  unavailable: [{ part: 'queue', detail: 'queue-service did not answer within 500 ms' }] });
assert.strictEqual(fields['queue-length'], '—', 'a missing part shows a dash');
assert.strictEqual(fields['seats-available'], '0', 'zero is a value');
assert.strictEqual(fields['recon-report'], 'none yet');
assert.strictEqual(fields.unavailable, 'Not answering: queue-service did not answer within 500 ms');

// ---- the pages --------------------------------------------------------------------------------------------------

const html = { operator: fs.readFileSync(path.join(site, 'operator.html'), 'utf8'),
  auditor: fs.readFileSync(path.join(site, 'auditor.html'), 'utf8') };
for (const name of scripts) {
  assert.ok(!/innerHTML|outerHTML|insertAdjacentHTML|document\.write|\.localStorage\b|\blocalStorage\s*[.[]|eval\(/
    .test(source[name]), name + ' renders with textContent and keeps nothing in localStorage');
}
for (const [kind, text] of Object.entries(html)) {
  assert.ok(text.includes('data-page="' + kind + '"'), kind + ': names its page');
  assert.ok(!/<script(?![^>]*\ssrc=)[^>]*>/.test(text), kind + ': no inline script');
  assert.ok(!/\sstyle=|<style/.test(text), kind + ': no inline style');
  assert.ok(!/\son[a-z]+=/.test(text), kind + ': no inline event handler');
  assert.ok(!/(src|href)="(https?:)?\/\//.test(text), kind + ': nothing from another origin');
  assert.deepStrictEqual([...text.matchAll(/\{\{([^}]*)}}/g)].map(m => m[1]).sort(),
    ['asset:' + kind + '.js', 'asset:console.css', 'asset:console.js', 'asset:onsale.css'].sort(),
    kind + ': only the known placeholders');
  assert.deepStrictEqual([...text.matchAll(/<script\b[^>]*>/g)].map(m => m[0]),
    ['console.js', kind + '.js'].map(name => '<script src="{{asset:' + name + '}}" defer>'),
    kind + ': console.js, then its own script, both deferred');
  for (const field of text.matchAll(/<(input|select|textarea)\b[^>]*\sid="([^"]+)"/g)) {
    assert.ok(text.includes('<label for="' + field[2] + '"'), kind + ': #' + field[2] + ' has a label');
  }
  const tokenInput = /<input id="token"[^>]*>/.exec(text)[0];
  assert.ok(/type="password"/.test(tokenInput) && /autocomplete="off"/.test(tokenInput), kind + ': a hidden token');
  assert.ok(!/\sname=/.test(tokenInput), kind + ': an unnamed token input, never submitted into a URL');
  assert.ok(/id="error"[^>]*role="alert"|role="alert"[^>]*id="error"/.test(text), kind + ': #error is an alert');
}
assert.ok(/<dialog id="confirm-dialog"/.test(html.operator));
assert.ok(/id="outcome"[^>]*role="status"/.test(html.operator));
assert.ok(/id="sale-state"[^>]*aria-live="polite"/.test(html.operator));

/** A fake element: text, children, attributes, listeners; innerHTML is refused. */
function node(tag, props, doc) {
  const self = {
    tagName: tag.toUpperCase(), children: [], listeners: {}, attributes: {}, dataset: {}, hidden: false,
    disabled: false, className: '', own: '', open: false, chosen: '',
    get textContent() { return this.own + this.children.map(child => child.textContent).join(''); },
    set textContent(text) { this.own = String(text); this.children = []; },
    set innerHTML(text) { throw new Error('innerHTML used on ' + this.tagName); },
    get value() {
      if (this.tagName !== 'SELECT') {
        return this.chosen;
      }
      const values = this.children.filter(child => child.tagName === 'OPTION').map(child => child.value);
      return values.includes(this.chosen) ? this.chosen : (values[0] || '');
    },
    set value(text) { this.chosen = String(text); },
    appendChild(child) { this.children.push(child); return child; },
    removeChild(child) { this.children = this.children.filter(other => other !== child); return child; },
    addEventListener(type, listener) { (this.listeners[type] = this.listeners[type] || []).push(listener); },
    setAttribute(name, value) { this.attributes[name] = String(value); },
    focus() { doc.activeElement = this; },
    click() { doc.clicked.push(this); return this.disabled ? null : fire(this, 'click'); },
    showModal() { assert.ok(!this.open, 'showModal on an open dialog throws'); this.open = true; },
    close() { if (this.open) { this.open = false; setImmediate(() => fire(this, 'close')); } }
  };
  return Object.assign(self, props);
}

function fire(target, type) {
  const happened = { type, target, defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
  (target.listeners[type] || []).forEach(listener => listener(happened));
  return happened;
}

/** Runs console.js, then `kind`'s own script, on `kind`'s page; `routes` maps 'METHOD url' to a reply, a list of
 * replies (each once, the last kept) or a function of the request. */
function open(kind, routes, options) {
  options = options || {};
  const doc = { clicked: [], activeElement: null, missing: [] };
  const elements = {};
  for (const tag of html[kind].matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/g)) {
    const id = /\sid="([^"]+)"/.exec(tag[2]);
    if (id) {
      elements[id[1]] = node(tag[1], { id: id[1], hidden: /\shidden[\s>]/.test(tag[2] + '>') }, doc);
    }
  }
  const store = Object.assign({}, options.store);
  const calls = [];
  const timers = [];
  const replaced = [];
  const objectUrls = [];
  const body = node('body', { dataset: { page: kind } }, doc);
  const document = Object.assign(doc, {
    body, visibilityState: options.hidden ? 'hidden' : 'visible', listeners: {},
    getElementById: id => elements[id] || (doc.missing.push(id), null),
    createElement: tag => node(tag, {}, doc),
    addEventListener: (type, listener) => { (doc.listeners[type] = doc.listeners[type] || []).push(listener); }
  });
  const window = {
    location: { hash: options.hash || '', pathname: '/' + kind },
    history: { replaceState: (state, title, url) => replaced.push(url) },
    sessionStorage: { getItem: k => (k in store ? store[k] : null), setItem: (k, v) => { store[k] = String(v); },
      removeItem: k => { delete store[k]; } }
  };
  Object.defineProperty(window, 'localStorage', { get() { throw new Error('localStorage used'); } });
  const fetch = async (url, init) => {
    calls.push({ url, method: init.method, headers: init.headers, body: init.body, line: init.method + ' ' + url });
    const route = routes[init.method + ' ' + url];
    let reply = Array.isArray(route) ? (route.length > 1 ? route.shift() : route[0]) : route;
    reply = typeof reply === 'function' ? reply(init) : reply;
    if (reply === 'network failure') {
      throw new TypeError('Failed to fetch');
    }
    reply = reply || { status: 500, body: { title: 'unexpected', detail: 'no route for ' + init.method + ' ' + url } };
    return { status: reply.status, headers: { get: h => (reply.headers || {})[h] || null },
      json: async () => { if (reply.body === undefined) { throw new SyntaxError('no body'); } return reply.body; },
      blob: async () => ({ csv: reply.text }) };
  };
  const globals = {
    document, window, fetch,
    setTimeout: (run, ms) => timers.push({ run, ms }) && timers.length,
    clearTimeout: handle => { if (handle) { timers[handle - 1].cancelled = true; } },
    URL: { createObjectURL: blob => { objectUrls.push(blob); return 'blob:onsale/1'; }, revokeObjectURL: () => {} }
  };
  const run = name => new Function(...Object.keys(globals), source[name])(...Object.values(globals));
  const other = kind === 'operator' ? 'auditor.js' : 'operator.js';
  run('console.js');
  run(other);
  assert.ok(!calls.length && !timers.length && Object.values(elements).every(e => !Object.keys(e.listeners).length)
    && !Object.keys(doc.listeners).length, 'console.js starts nothing by itself, nor ' + other + ' on this page');
  run(kind + '.js');
  const env = {
    elements, store, calls, timers, replaced, objectUrls, doc,
    el: id => elements[id],
    text: id => elements[id].textContent,
    lines: () => calls.map(call => call.line),
    settled: async () => { for (let i = 0; i < 30; i++) { await new Promise(done => setImmediate(done)); } return env; },
    click: id => { elements[id].click(); return env.settled(); },
    submit: id => { const happened = fire(elements[id], 'submit');
      assert.ok(happened.defaultPrevented, '#' + id + ' is never submitted as a form'); return env.settled(); },
    runTimers: () => { const due = timers.filter(t => !t.cancelled && !t.ran); due.forEach(t => { t.ran = true; t.run(); });
      return env.settled(); },
    pending: () => timers.filter(t => !t.cancelled && !t.ran)
  };
  return env.settled();
}

const problem = (status, slug, detail, headers) => ({ status, headers: Object.assign({
  'Content-Type': 'application/problem+json' }, headers), body: { type: '/problems/' + slug, title: slug, status, detail } });
const catalog = { status: 200, body: [
  { eventId: E1, name: 'Winter concert', venue: 'Hall A', saleState: 'OPEN', currency: 'EUR' },
  { eventId: E2, name: 'Spring gala', venue: 'Hall B', saleState: 'SCHEDULED', currency: 'EUR' }] };
const dashboard = (saleState, extra) => ({ status: 200, body: Object.assign({
  eventId: E1, saleState, queue: { length: 1200, admitted: 300, activeBuyers: 250 },
  seats: { available: 700, liveHolds: 40, sold: 260, capacity: 1000 },
  payments: { queued: 3, inFlight: 7, providerErrorsLastMinute: 2 },
  lastReconciliation: { reportId: R1, finishedAt: '2026-12-01T10:00:00Z', covered: true, drifts: 1, totalDrifts: 1 },
  unavailable: [], at: '2026-12-01T10:00:02Z' }, extra) });
const operatorToken = { 'onsale.operator-token': 'adm-secret' };
const auditorToken = { 'onsale.auditor-token': 'aud-secret' };
const bearer = (env, token) => env.calls.filter(c => !c.url.startsWith('/api/'))
  .every(c => c.headers.Authorization === 'Bearer ' + token);

(async () => {
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

  // ---- auditor ------------------------------------------------------------------------------------------------------

  const summaries = n => Array.from({ length: n }, (_, i) => ({ reportId: i ? R2 : R1, startedAt: '2026-12-01T10:00:00Z',
    finishedAt: '2026-12-01T10:00:01Z', trigger: i ? 'SCHEDULE' : 'OPERATOR', drifts: i, hash: HASH }));
  const report = { status: 200, body: { reportId: R1, startedAt: '2026-12-01T10:00:00Z', finishedAt: '2026-12-01T10:00:01Z',
    trigger: 'OPERATOR', drifts: 1, previousHash: null, hash: HASH, events: [{ eventId: E1, gateAnswered: true,
      gate: { available: 700, liveHolds: 40, sold: 260 }, database: { free: 699, held: 41, sold: 260 }, inFlight: 1,
      drifts: [{ kind: 'STALE_SEAT_CLAIM', orderId: null, seatId: 'A-3-7', detail: '<img src=x onerror=alert(1)>',
        action: 'RELEASED' }] }] } };
  const auditRoutes = { 'GET /api/events': catalog,
    'GET /audit/reconciliation/reports?limit=20': { status: 200, body: { reports: summaries(2), next: R2 } },
    ['GET /audit/reconciliation/reports?limit=20&before=' + R2]: { status: 200, body: { reports: summaries(1), next: null } },
    ['GET /audit/reconciliation/reports/' + R1]: init => init.headers.Accept === 'text/csv'
      ? { status: 200, text: 'kind,orderId\n' } : report,
    'GET /audit/reconciliation/verify': [{ status: 200, body: { valid: true, reports: 3 } },
      { status: 200, body: { valid: false, reports: 3, firstBadReportId: R2, reason: 'hash mismatch' } },
      problem(401, 'unauthorized', 'the token is not valid here')],
    ['GET /audit/events/' + E1 + '/ledger']: { status: 200, body: { eventId: E1, asOf: '2026-12-01T10:00:00Z',
      seats: { total: 1000, free: 699, held: 41, sold: 260 }, tickets: 260,
      charges: [{ paymentId: 'p1', orderId: 'o1', amountCents: 5000, currency: 'EUR', paymentStatus: 'SUCCEEDED',
        orderStatus: 'CONFIRMED', settledAt: '2026-12-01T10:00:00Z' }], refunds: [],
      invariants: { I1: { holds: true, detail: 'sold seats = tickets' },
        I2: { holds: false, detail: '1 charge without a ticket' },
        I3: { holds: true, detail: 'refunds match' } } } } };

  let au = await open('auditor', auditRoutes);
  assert.deepStrictEqual(au.calls, [], 'without a token: nothing is asked');
  au.el('token').value = 'aud-secret';
  await au.submit('token-form');
  assert.deepStrictEqual(au.store, auditorToken, 'the auditor\'s own key');
  assert.deepStrictEqual(au.lines(), ['GET /api/events', 'GET /audit/reconciliation/reports?limit=20']);
  assert.ok(bearer(au, 'aud-secret'));
  const rows = au.el('reports').children;
  assert.strictEqual(rows.length, 2);
  assert.deepStrictEqual(rows[0].children.slice(2, 5).map(td => td.textContent), ['OPERATOR', '0', 'ffffffffffff…'],
    'trigger, drifts, shortened hash');
  assert.strictEqual(au.el('older').hidden, false, 'more reports to come');
  await au.click('older');
  assert.strictEqual(au.lines()[au.lines().length - 1], 'GET /audit/reconciliation/reports?limit=20&before=' + R2);
  assert.strictEqual(au.el('older').hidden, true, 'the last page');
  assert.strictEqual(au.el('reports').children.length, 1);

  // the report: opened from its row, figures and drifts as text, CSV through a Blob URL
  await au.click('refresh-reports');
  const openButton = au.el('reports').children[0].children[5].children[0];
  assert.strictEqual(openButton.tagName, 'BUTTON');
  openButton.click();
  await au.settled();
  assert.strictEqual(au.el('report').hidden, false);
  assert.strictEqual(au.text('report-hash'), HASH);
  const shownReport = au.text('report-events');
  assert.ok(shownReport.includes('Winter concert'), 'the event by name');
  for (const figure of ['700', '699', '40', '41', 'STALE_SEAT_CLAIM', 'A-3-7', 'RELEASED']) {
    assert.ok(shownReport.includes(figure), 'the report shows ' + figure);
  }
  assert.ok(shownReport.includes('<img src=x onerror=alert(1)>'), 'server text stays text');
  await au.click('download-csv');
  const csvCall = au.calls[au.calls.length - 1];
  assert.strictEqual(csvCall.headers.Accept, 'text/csv');
  assert.strictEqual(csvCall.headers.Authorization, 'Bearer aud-secret');
  assert.deepStrictEqual(au.objectUrls, [{ csv: 'kind,orderId\n' }], 'saved from a Blob');
  const link = au.doc.clicked.find(clicked => clicked.tagName === 'A');
  assert.ok(link && link.href === 'blob:onsale/1' && link.download === 'reconciliation-' + R1 + '.csv', 'a download link');

  // the chain: valid, then not
  await au.click('verify');
  assert.strictEqual(au.text('verify-result'), 'valid, 3 reports');
  assert.strictEqual(au.el('verify-result').className, 'holds');
  await au.click('verify');
  assert.match(au.text('verify-result'), new RegExp('^NOT valid: first bad report ' + R2));
  assert.strictEqual(au.el('verify-result').className, 'fails');

  // the ledger: a failed invariant marked as such
  assert.strictEqual(au.el('ledger-event').children.length, 2);
  await au.submit('ledger-form');
  assert.strictEqual(au.lines()[au.lines().length - 1], 'GET /audit/events/' + E1 + '/ledger');
  assert.strictEqual(au.el('ledger').hidden, false);
  const verdicts = au.el('ledger-invariants').children;
  assert.deepStrictEqual(verdicts.map(li => li.className), ['holds', 'fails', 'holds']);
  assert.strictEqual(verdicts[1].textContent, 'I2 FAILS: 1 charge without a ticket');
  assert.deepStrictEqual(['ledger-total', 'ledger-free', 'ledger-held', 'ledger-sold', 'ledger-tickets'].map(au.text),
    ['1000', '699', '41', '260', '260']);
  assert.ok(au.text('ledger-charges').includes('50.00 EUR'));
  assert.strictEqual(au.text('ledger-refunds'), 'No refunds.');

  // a refused token: asked for again
  await au.click('verify');
  assert.match(au.text('error'), /the token is not valid here/);
  assert.deepStrictEqual(au.store, {});
  assert.strictEqual(au.el('token-form').hidden, false);
  assert.deepStrictEqual(au.doc.missing, [], 'the auditor page has every element the script asks for');

  // an unknown report: its problem's detail, the token kept
  au = await open('auditor', Object.assign({}, auditRoutes, {
    'GET /audit/reconciliation/reports?limit=20': { status: 200, body: { reports: summaries(1), next: null } },
    ['GET /audit/reconciliation/reports/' + R1]: problem(404, 'report-not-found', 'there is no report ' + R1) }),
  { store: auditorToken });
  au.el('reports').children[0].children[5].children[0].click();
  await au.settled();
  assert.strictEqual(au.text('error'), 'there is no report ' + R1);
  assert.deepStrictEqual(au.store, auditorToken);
  finished = true;
  console.log('console.js, operator.js, auditor.js: all checks passed');
})().catch(failure => {
  console.error(failure);
  process.exit(1);
});
