// Checks waiting-room.js (path in argv[2]) under Node: its pure rules, and the page's flow against a
// fake DOM, storage and fetch. Exits non-zero on the first failed assertion.
'use strict';
const assert = require('assert');
const fs = require('fs');
const script = process.argv[2];
const rules = require(script);

assert.strictEqual(rules.nextDelayMs(true, 1500, 0, 0, 0), 1500, 'the server sets the pace');
assert.strictEqual(rules.nextDelayMs(true, 10, 0, 0, 0), 500, 'no faster than 0.5 s');
assert.strictEqual(rules.nextDelayMs(true, 999999, 0, 0, 0), 60000, 'no slower than 60 s');
assert.strictEqual(rules.nextDelayMs(true, undefined, 0, 0, 0), 2000, 'a default without pollAfterMs');
assert.strictEqual(rules.nextDelayMs(false, 1500, 5, 1, 0), 5000, 'at least Retry-After');
assert.strictEqual(rules.nextDelayMs(false, 0, 0, 3, 0), 4000, 'exponential backoff');
assert.strictEqual(rules.nextDelayMs(false, 0, 0, 20, 0), 30000, 'backoff capped');
assert.strictEqual(rules.nextDelayMs(false, 0, 0, 1, 0.5), 1100, 'spread by up to 20 %');
assert.strictEqual(rules.progressPercent(101, 101), 0);
assert.strictEqual(rules.progressPercent(101, 51), 50);
assert.strictEqual(rules.progressPercent(101, 1), 100);
assert.strictEqual(rules.progressPercent(1, 1), 100, 'first in line');
assert.strictEqual(rules.progressPercent(10, 12), 0, 'never below zero');
assert.strictEqual(rules.waitInWords(30), 'less than a minute');
assert.strictEqual(rules.waitInWords(600), 'about 10 minutes');

function page(kind, path, replies, store) {
  const elements = {};
  const element = id => elements[id] || (elements[id] = { hidden: true, textContent: '', value: 0, href: '' });
  const heading = { textContent: '' };
  const seen = [];
  const location = { pathname: path, assign: url => { location.assigned = url; } };
  const globals = {
    document: { getElementById: element, querySelector: () => heading,
      body: { dataset: { page: kind, nextUrl: '/events/{eventId}/admitted' } } },
    window: { location, sessionStorage: { getItem: k => store[k] || null, setItem: (k, v) => { store[k] = v; },
      removeItem: k => { delete store[k]; } } },
    fetch: async (url, init) => {
      seen.push(init.method + ' ' + url);
      const reply = replies.shift();
      if (!reply) {
        return new Promise(() => {});
      }
      if (reply === 'network failure') {
        throw new TypeError('failed to fetch');
      }
      return { status: reply.status, headers: { get: h => (reply.headers || {})[h] || null }, json: async () => reply.body };
    },
    setTimeout: (resume, ms) => { seen.push('wait ' + ms); setImmediate(resume); },
    setInterval: () => 0, clearInterval: () => {}
  };
  new Function(...Object.keys(globals), fs.readFileSync(script, 'utf8'))(...Object.values(globals));
  return new Promise(done => setTimeout(() => done({ elements, seen, location, store, heading }), 100));
}

(async () => {
  const event = '11111111-2222-3333-4444-555555555555';
  const later = new Date(Date.now() + 600000).toISOString();
  const queue = '/api/queue/' + event;
  let run = await page('waiting', '/wait/' + event, [
    { status: 201, body: { sessionToken: 's1.t', expiresAt: new Date(Date.now() + 7200000).toISOString() } },
    { status: 200, body: { status: 'NOT_OPEN', pollAfterMs: 3000 } },
    { status: 200, body: { status: 'WAITING', position: 101, pollAfterMs: 1500, estimatedWaitSeconds: 300 } },
    { status: 429, headers: { 'Retry-After': '3' }, body: { type: '/problems/rate-limited' } },
    'network failure',
    { status: 200, body: { status: 'WAITING', position: 51, pollAfterMs: 1000, estimatedWaitSeconds: 100 } },
    { status: 200, body: { status: 'ADMITTED', pollAfterMs: 1000, admissionToken: 'a1.t', admissionExpiresAt: later } }
  ], {});
  assert.deepStrictEqual(run.seen.filter(s => !s.startsWith('wait')), ['POST /api/sessions', 'POST ' + queue + '/join',
    'GET ' + queue + '/status', 'GET ' + queue + '/status', 'GET ' + queue + '/status', 'GET ' + queue + '/status',
    'GET ' + queue + '/status']);
  assert.strictEqual(run.seen[2], 'wait 3000', 'NOT_OPEN keeps polling at the server pace');
  assert.ok(Number(run.seen[6].split(' ')[1]) >= 3000, 'a 429 waits at least Retry-After');
  assert.strictEqual(run.elements.progress.value, 50);
  assert.strictEqual(run.elements.position.textContent, '51');
  assert.strictEqual(run.location.assigned, '/events/' + event + '/admitted');
  assert.strictEqual(JSON.parse(run.store['onsale.admission.' + event]).admissionToken, 'a1.t');

  run = await page('waiting', '/wait/' + event, [
    { status: 201, body: { sessionToken: 's1.t', expiresAt: new Date(Date.now() + 7200000).toISOString() } },
    { status: 200, body: { status: 'SOLD_OUT', pollAfterMs: 1000 } }
  ], {});
  assert.match(run.elements.message.textContent, /^Sold out\./);
  assert.strictEqual(run.seen.length, 2, 'SOLD_OUT is final: no more polls');

  run = await page('waiting', '/wait/' + event, [
    { status: 201, body: { sessionToken: 's1.t', expiresAt: new Date(Date.now() + 7200000).toISOString() } },
    { status: 200, body: { status: 'WAITING', position: 7, pollAfterMs: 1000, estimatedWaitSeconds: 10 } },
    { status: 503, headers: { 'Retry-After': '30' }, body: { type: '/problems/sale-halted' } }
  ], {});
  assert.match(run.elements.message.textContent, /^Sale stopped\./);
  assert.strictEqual(run.elements.details.hidden, true, 'no position while the sale is stopped');
  assert.ok(Number(run.seen[run.seen.length - 2].split(' ')[1]) >= 30000, 'a halted sale is asked again after Retry-After');
  assert.strictEqual(run.seen[run.seen.length - 1], 'GET ' + queue + '/status', 'keeps its place: polls, never joins again');

  run = await page('admitted', '/events/' + event + '/admitted', [],
    { ['onsale.admission.' + event]: JSON.stringify({ admissionToken: 'a1.t', admissionExpiresAt: later }) });
  assert.match(run.elements.message.textContent, /^You are in\. Your admission is valid until /);
  assert.strictEqual(run.elements.countdown.hidden, false);

  run = await page('admitted', '/events/' + event + '/admitted', [], {});
  assert.strictEqual(run.heading.textContent, 'No admission');
  assert.strictEqual(run.elements.rejoin.hidden, false);
  assert.strictEqual(run.elements['rejoin-link'].href, '/wait/' + event);
})().catch(failure => {
  console.error(failure);
  process.exit(1);
});
