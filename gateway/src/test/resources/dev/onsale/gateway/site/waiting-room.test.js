// Checks waiting-room.js (path in argv[2]; site.js, which the page loads first, next to it) under Node: its pure
// rules, and the page's flow against a fake DOM, storage and fetch. Exits non-zero on the first failed assertion.
'use strict';
const assert = require('assert');
const fs = require('fs');
const script = process.argv[2];
const site = require('path').join(require('path').dirname(script), 'site.js');
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
assert.strictEqual(rules.positionOf(101, 50), 51, 'place - servingThrough');
assert.strictEqual(rules.positionOf(40, 50), 0, 'reached');
assert.strictEqual(rules.positionOf(3, undefined), 3, 'nobody let in yet');
assert.strictEqual(rules.placeLost(101, {opened: true, servingThrough: 50, lineLength: 51}), false, 'the last place');
assert.strictEqual(rules.placeLost(101, {opened: true, servingThrough: 0, lineLength: 40}), true,
    'beyond every waiting buyer: a new line');
assert.strictEqual(rules.placeLost(null, {opened: true, servingThrough: 0, lineLength: 0}), false, 'no place yet');
assert.strictEqual(rules.placeLost(5, {opened: false, servingThrough: 0, lineLength: 0}), false, 'not opened');
assert.strictEqual(rules.nextProgressDelayMs(1000, 2, 0), 1000, 'near the front: the document\'s pace');
assert.strictEqual(rules.nextProgressDelayMs(1000, 20, 0), 5000, 'a quarter of the wait');
assert.strictEqual(rules.nextProgressDelayMs(1000, 3600, 0), 15000, 'at most 15 s');
assert.strictEqual(rules.nextProgressDelayMs(1000, 2, 0.5), 1100, 'spread by up to 20 %');
// a long line: the document asks for fewer reads (5,000 waiting within 500 reads/s: every 10 s)
assert.strictEqual(rules.nextProgressDelayMs(10000, 25, 0), 10000, 'no sooner than pollAfterMs');
assert.strictEqual(rules.nextProgressDelayMs(10000, 100, 0), 15000, 'a quarter of a long wait, past pollAfterMs');
assert.strictEqual(rules.nextProgressDelayMs(10000, 4, 0), 4000, 'a place that comes sooner: read when it comes');
assert.strictEqual(rules.nextProgressDelayMs(10000, 0.2, 0), 1000, 'but not sooner than 1 s');
assert.strictEqual(rules.nextProgressDelayMs(10000, undefined, 0), 10000, 'no place yet: the document\'s pace');
assert.strictEqual(rules.nextProgressDelayMs(600000, undefined, 0), 60000, 'at most a minute');
assert.strictEqual(rules.notOpenWords({saleOpensAt: '2027-03-01T10:00:00Z'}, (iso) => 'at ' + iso),
    'The sale has not opened yet; it opens at 2027-03-01T10:00:00Z. Keep this tab open: when it opens, everyone '
        + 'waiting gets a place drawn at random.', 'a pre-queue tab says when the sale opens');
assert.match(rules.notOpenWords({}, (iso) => iso), /^The sale has not opened yet\. Keep/, 'or nothing where unknown');
assert.strictEqual(rules.notOpenWords({opened: true, saleOpensAt: 'x'}, (iso) => iso),
    'The sale has opened. Drawing your place…');
assert.strictEqual(rules.openingSpreadMs(3000, 1), 6000, '1 s per 500 waiting');
assert.strictEqual(rules.openingSpreadMs(100000, 1), 10000, 'at most 10 s');
assert.strictEqual(rules.openingSpreadMs(3000, 0), 0);
assert.strictEqual(rules.lostLineSpreadMs(3000, 1), 6000, 'a lost line: 1 s per 500 places before the tab');
assert.strictEqual(rules.lostLineSpreadMs(100000, 1), 10000, 'at most 10 s');
assert.strictEqual(rules.lostLineSpreadMs(20, 0.5), 20, 'the front of the old line asks first');
assert.strictEqual(rules.estimatedWaitSeconds(51, 10), 6);
assert.strictEqual(rules.estimatedWaitSeconds(51, 0), undefined, 'unknown without a rate');

function page(kind, path, replies, store) {
  const elements = {};
  const element = id => elements[id] || (elements[id] = { hidden: true, textContent: '', value: 0, href: '' });
  const heading = { textContent: '' };
  const seen = [];
  const location = { pathname: path, assign: url => { location.assigned = url; } };
  const globals = {
    document: { getElementById: element, querySelector: () => heading,
      body: { dataset: { page: kind, nextUrl: '/events/{eventId}/admitted' } } },
    window: { location, localStorage: { getItem: k => store[k] || null, setItem: (k, v) => { store[k] = v; },
      removeItem: k => { delete store[k]; } } },
    fetch: async (url, init) => {
      seen.push(init.method + ' ' + url + (init.headers['If-None-Match'] ? ' if-none-match ' + init.headers['If-None-Match'] : '')
          + (init.headers.Authorization ? ' (session)' : '') + (init.body && init.body !== '{}' ? ' ' + init.body : ''));
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
  for (const file of [site, script]) {
    new Function(...Object.keys(globals), fs.readFileSync(file, 'utf8'))(...Object.values(globals));
  }
  return new Promise(done => setTimeout(() => done({ elements, seen, location, store, heading }), 100));
}

(async () => {
  const event = '11111111-2222-3333-4444-555555555555';
  const later = new Date(Date.now() + 600000).toISOString();
  const queue = '/api/queue/' + event;
  const expiresAt = new Date(Date.now() + 7200000).toISOString();
  // the arrival: one call creates the session and joins it, answering the join as queue
  const arrive = 'POST /api/sessions {"eventId":"' + event + '"}';
  const arrival = joined => ({ status: 201, body: { sessionToken: 's1.t', expiresAt, queue: joined } });
  const saved = { 'onsale.session': JSON.stringify({ sessionToken: 's0.t', expiresAt }) };
  const calls = run => run.seen.filter(s => !s.startsWith('wait'));
  const waits = run => run.seen.filter(s => s.startsWith('wait')).map(s => Number(s.split(' ')[1]));
  const progress = (fields, etag) => ({ status: 200, headers: etag ? { ETag: etag } : {},
    body: Object.assign({ eventId: event, saleState: 'OPEN', opened: true, servingThrough: 0, lineLength: 100,
      admitPerSecond: 10, soldOut: false, pollAfterMs: 1000 }, fields) });

  // a join after the opening: the place from the join, then only the progress document until it is reached
  let run = await page('waiting', '/wait/' + event, [
    arrival({ status: 'WAITING', place: 101, position: 101, pollAfterMs: 1500, estimatedWaitSeconds: 300 }),
    progress({ servingThrough: 50 }, 'W/"a"'),
    { status: 304, headers: { ETag: 'W/"a"' } },
    { status: 429, headers: { 'Retry-After': '3' }, body: { type: '/problems/rate-limited' } },
    'network failure',
    progress({ servingThrough: 101 }, 'W/"b"'),
    { status: 200, body: { status: 'ADMITTED', pollAfterMs: 1000, admissionToken: 'a1.t', admissionExpiresAt: later } }
  ], {});
  assert.deepStrictEqual(calls(run), [arrive,
    'GET ' + queue + '/progress', 'GET ' + queue + '/progress if-none-match W/"a"',
    'GET ' + queue + '/progress if-none-match W/"a"', 'GET ' + queue + '/progress if-none-match W/"a"',
    'GET ' + queue + '/progress if-none-match W/"a"', 'GET ' + queue + '/status (session)']);
  assert.strictEqual(waits(run)[0], 1500, 'the join\'s pollAfterMs before the first progress read');
  assert.ok(waits(run)[1] >= 1500 && waits(run)[1] <= 1800, 'a 51-buyer wait at 10/s: a quarter of it, spread');
  assert.ok(waits(run)[3] >= 3000, 'a 429 waits at least Retry-After');
  assert.strictEqual(run.elements.position.textContent, '0');
  assert.strictEqual(run.elements.progress.value, 100);
  assert.strictEqual(run.location.assigned, '/events/' + event + '/admitted');
  assert.strictEqual(JSON.parse(run.store['onsale.admission.' + event]).admissionToken, 'a1.t');
  assert.deepStrictEqual(JSON.parse(run.store['onsale.session']), { sessionToken: 's1.t', expiresAt },
    'the session is kept, not the join\'s answer');

  // a tab that already has a session joins with it
  run = await page('waiting', '/wait/' + event, [
    { status: 200, body: { status: 'WAITING', place: 9, position: 9, pollAfterMs: 1000, estimatedWaitSeconds: 1 } },
    progress({ servingThrough: 2 })
  ], Object.assign({}, saved));
  assert.deepStrictEqual(calls(run).slice(0, 2), ['POST ' + queue + '/join (session)', 'GET ' + queue + '/progress']);
  assert.strictEqual(run.elements.position.textContent, '7');

  // an arrival that finds no sale, and one refused for a stopped sale: nothing kept, asked again later
  run = await page('waiting', '/wait/' + event, [
    { status: 404, body: { type: '/problems/event-not-found' } }
  ], {});
  assert.match(run.elements.message.textContent, /^There is no sale at this address\./);
  assert.deepStrictEqual(calls(run), [arrive]);
  assert.strictEqual(run.store['onsale.session'], undefined, 'no session without its join');
  run = await page('waiting', '/wait/' + event, [
    { status: 503, headers: { 'Retry-After': '30' }, body: { type: '/problems/sale-halted' } },
    arrival({ status: 'WAITING', place: 4, position: 4, pollAfterMs: 1000, estimatedWaitSeconds: 1 })
  ], {});
  assert.deepStrictEqual(calls(run).slice(0, 2), [arrive, arrive], 'arrives again once the sale resumes');
  assert.ok(waits(run)[0] >= 30000, 'after Retry-After');
  assert.strictEqual(run.elements.position.textContent, '4');

  // the progress read shows the place moving: 101 - 50 = 51 to go, half of those ahead gone
  run = await page('waiting', '/wait/' + event, [
    arrival({ status: 'WAITING', place: 101, position: 101, pollAfterMs: 1000, estimatedWaitSeconds: 10 }),
    progress({ servingThrough: 50 })
  ], {});
  assert.strictEqual(run.elements.position.textContent, '51');
  assert.strictEqual(run.elements.progress.value, 50);
  assert.strictEqual(run.elements.wait.textContent, 'less than a minute');

  // a pre-queue joiner: no place until the opening, then one status call (spread) for it
  run = await page('waiting', '/wait/' + event, [
    arrival({ status: 'NOT_OPEN', pollAfterMs: 3000 }),
    progress({ saleState: 'SCHEDULED', opened: false, lineLength: 3000 }),
    progress({ opened: true, lineLength: 3000 }),
    { status: 200, body: { status: 'WAITING', place: 7, position: 7, pollAfterMs: 1000, estimatedWaitSeconds: 1 } },
    progress({ servingThrough: 7, lineLength: 2993 }),
    { status: 200, body: { status: 'ADMITTED', pollAfterMs: 1000, admissionToken: 'a2.t', admissionExpiresAt: later } }
  ], {});
  assert.deepStrictEqual(calls(run), [arrive,
    'GET ' + queue + '/progress', 'GET ' + queue + '/progress', 'GET ' + queue + '/status (session)',
    'GET ' + queue + '/progress', 'GET ' + queue + '/status (session)']);
  assert.strictEqual(waits(run)[0], 3000, 'NOT_OPEN: the join\'s pace');
  assert.ok(waits(run)[2] <= 6000, 'the ask for the place is spread over 1 s per 500 waiting');
  assert.strictEqual(JSON.parse(run.store['onsale.admission.' + event]).admissionToken, 'a2.t');

  // a sale an hour away: the join paces API clients by the time left, the page still reads the document soon
  run = await page('waiting', '/wait/' + event, [
    arrival({ status: 'NOT_OPEN', pollAfterMs: 60000, saleOpensAt: '2027-01-01T10:00:00Z' }),
    progress({ saleState: 'HALTED', opened: false, lineLength: 3 })
  ], {});
  assert.strictEqual(waits(run)[0], 5000, 'NOT_OPEN far ahead: the document within 5 s, not a minute');

  // sold out, read from the progress document: final, no status call
  run = await page('waiting', '/wait/' + event, [
    arrival({ status: 'WAITING', place: 900, position: 900, pollAfterMs: 1000 }),
    progress({ soldOut: true, servingThrough: 800 })
  ], {});
  assert.match(run.elements.message.textContent, /^Sold out\./);
  assert.strictEqual(calls(run).length, 2, 'sold out is final: no more requests');

  run = await page('waiting', '/wait/' + event, [
    arrival({ status: 'SOLD_OUT', pollAfterMs: 1000 })
  ], {});
  assert.match(run.elements.message.textContent, /^Sold out\./);
  assert.strictEqual(run.seen.length, 1, 'SOLD_OUT is final: no more polls');

  // a halted sale: stopped, asked again after Retry-After, the place kept (no new join)
  run = await page('waiting', '/wait/' + event, [
    arrival({ status: 'WAITING', place: 7, position: 7, pollAfterMs: 1000, estimatedWaitSeconds: 10 }),
    { status: 503, headers: { 'Retry-After': '30' }, body: { type: '/problems/sale-halted' } }
  ], {});
  assert.match(run.elements.message.textContent, /^Sale stopped\./);
  assert.strictEqual(run.elements.details.hidden, true, 'no position while the sale is stopped');
  assert.ok(Number(run.seen[run.seen.length - 2].split(' ')[1]) >= 30000, 'a halted sale is asked again after Retry-After');
  assert.strictEqual(run.seen[run.seen.length - 1], 'GET ' + queue + '/progress', 'keeps its place: reads, never joins again');

  // reached, but the admission expired unused before the tab asked: it joins again, at the back
  run = await page('waiting', '/wait/' + event, [
    arrival({ status: 'WAITING', place: 3, position: 3, pollAfterMs: 1000 }),
    progress({ servingThrough: 5 }),
    { status: 404, body: { type: '/problems/not-in-queue' } }
  ], {});
  assert.strictEqual(calls(run)[calls(run).length - 1], 'POST ' + queue + '/join (session)');
  assert.match(run.elements.message.textContent, /^Your place in the line is no longer held/);

  // the room lost its line (Redis restarted empty): while it learns the event again, the progress document is 404;
  // a tab that had joined does not take that for "no sale": it joins again once the room knows the event
  run = await page('waiting', '/wait/' + event, [
    arrival({ status: 'WAITING', place: 300, position: 300, pollAfterMs: 1000 }),
    { status: 404, body: { type: '/problems/event-not-found' } },
    { status: 404, body: { type: '/problems/event-not-found' } },
    { status: 200, body: { status: 'WAITING', place: 12, position: 12, pollAfterMs: 1000, estimatedWaitSeconds: 1 } },
    progress({ servingThrough: 12, lineLength: 40 })
  ], {});
  assert.deepStrictEqual(calls(run), [arrive, 'GET ' + queue + '/progress', 'POST ' + queue + '/join (session)',
    'POST ' + queue + '/join (session)', 'GET ' + queue + '/progress', 'GET ' + queue + '/status (session)']);
  assert.ok(waits(run)[1] >= 1000 && waits(run)[2] >= 2000, 'backing off while the room is not back');

  // a new line that already knows the event: the tab's place is beyond it, so it asks, and joins again
  run = await page('waiting', '/wait/' + event, [
    arrival({ status: 'WAITING', place: 3000, position: 2900, pollAfterMs: 1000 }),
    progress({ servingThrough: 20, lineLength: 500 }),
    { status: 404, body: { type: '/problems/not-in-queue' } },
    { status: 200, body: { status: 'WAITING', place: 521, position: 501, pollAfterMs: 1000 } }
  ], {});
  assert.deepStrictEqual(calls(run).slice(1), ['GET ' + queue + '/progress', 'GET ' + queue + '/status (session)',
    'POST ' + queue + '/join (session)', 'GET ' + queue + '/progress']);
  const progressRead = run.seen.indexOf('GET ' + queue + '/progress');
  const asked = run.seen.indexOf('GET ' + queue + '/status (session)');
  const spread = run.seen.slice(progressRead, asked).filter(s => s.startsWith('wait')).map(s => Number(s.split(' ')[1]));
  assert.ok(spread.length === 1 && spread[0] > 0 && spread[0] <= 6000,
    'the whole lost line does not ask at once: spread over up to 1 s per 500 places before the tab, ' + spread);

})().catch(failure => {
  console.error(failure);
  process.exit(1);
});
