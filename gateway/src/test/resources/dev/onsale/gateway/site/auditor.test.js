// Checks the auditor's console under Node: node auditor.test.js <site folder, of console.js, auditor.js and
// auditor.html>. The pure rules of auditor.js; auditor.html (the rules of every console page); and the page's flows
// against the kit's fake DOM, storage and fetch: the token under the auditor's own key; the reports, paged; a report
// with its drifts as text and its CSV through a Blob URL; the chain's verdict; the ledger and its invariants; a
// refused token and an unknown report. Exits non-zero on the first failed assertion.
'use strict';
const assert = require('assert');
const path = require('path');
const kit = require(path.join(__dirname, 'console-kit.js'));
const { E1, R1, R2, HASH } = kit.ids;
const { problem, catalog, bearer } = kit;
const consoles = kit.consoles(process.argv[2]);
const { auditor, open } = consoles;

// ---- pure rules -------------------------------------------------------------------------------------------------

assert.strictEqual(auditor.verifyText({ valid: true, reports: 3 }), 'valid, 3 reports');
assert.strictEqual(auditor.verifyText({ valid: true, reports: 1 }), 'valid, 1 report');
assert.strictEqual(auditor.verifyText({ valid: false, reports: 3, firstBadReportId: R2 }), 'NOT valid: first bad report ' + R2);
const invariants = auditor.invariantList({ I3: { holds: true, detail: 'c' }, I1: { holds: true, detail: 'a' },
  I2: { holds: false, detail: '2 seats sold twice' } });
assert.deepStrictEqual(invariants.map(i => i.name), ['I1', 'I2', 'I3']);
assert.deepStrictEqual(invariants.map(i => i.holds), [true, false, true]);
assert.strictEqual(invariants[1].text, 'I2 FAILS: 2 seats sold twice');
assert.strictEqual(auditor.invariantList({ I1: { detail: 'no verdict' } })[0].holds, false, 'no verdict is no pass');

// ---- the page ---------------------------------------------------------------------------------------------------

consoles.rendersAsText('auditor.js');
consoles.checkPage('auditor');

const auditorToken = { 'onsale.auditor-token': 'aud-secret' };

kit.checks('auditor.html, auditor.js', async () => {
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
});
