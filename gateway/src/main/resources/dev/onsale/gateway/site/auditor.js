// The auditor's console (/auditor), on console.js (window.OnsaleConsole): the reconciliation reports newest first
// and one report in full, its CSV, the report chain's verification and an event's ledger. Starts on
// <body data-page="auditor">. Contract: everything here only reads; the CSV is fetched with the bearer token and
// saved from a Blob, never linked.
(function () {
  'use strict';

  var C = typeof window === 'undefined' ? require('./console.js') : window.OnsaleConsole;
  var REPORTS_PER_PAGE = 20;

  // ---- pure rules -------------------------------------------------------------------------------

  /** The chain's verification in words: "valid, n reports" or "NOT valid: first bad report <id>". */
  function verifyText(answer) {
    return answer.valid === true ? 'valid, ' + answer.reports + (answer.reports === 1 ? ' report' : ' reports')
        : 'NOT valid: first bad report ' + answer.firstBadReportId + (answer.reason ? ' (' + answer.reason + ')' : '');
  }

  /** I1, I2, I3 in order, each {name, holds, text}; anything but holds === true counts as failed. */
  function invariantList(invariants) {
    return Object.keys(invariants || {}).sort().map(function (name) {
      var holds = invariants[name].holds === true;
      var detail = invariants[name].detail;
      return { name: name, holds: holds, text: name + (holds ? ' holds' : ' FAILS') + (detail ? ': ' + detail : '') };
    });
  }

  var rules = { verifyText: verifyText, invariantList: invariantList };
  if (typeof module === 'object' && module.exports) {
    module.exports = rules;
  }
  if (typeof document === 'undefined' || document.body.dataset.page !== 'auditor') {
    return;
  }

  // ---- the page ---------------------------------------------------------------------------------

  var element = C.element, put = C.put, call = C.call, failed = C.failed, make = C.make, fillRows = C.fillRows;
  var shown = C.shown, when = C.when, nameOf = C.nameOf, on = C.on;
  var events = [];
  var next = null;
  var reportId = null;

  async function listReports(older) {
    var reply = await call('GET', '/audit/reconciliation/reports?limit=' + REPORTS_PER_PAGE
        + (older && next ? '&before=' + encodeURIComponent(next) : ''));
    if (!reply.ok) {
      return failed(reply);
    }
    next = reply.body.next || null;
    element('older').hidden = !next;
    put('reports-caption', older ? 'Older reports, newest first' : 'Newest first');
    fillRows(element('reports'), reply.body.reports.map(function (report) {
      var open = make('button', 'Open');
      open.type = 'button';
      open.setAttribute('aria-label', 'Open report ' + report.reportId);
      open.addEventListener('click', function () { C.clearError('action'); openReport(report.reportId); });
      return [when(report.startedAt), when(report.finishedAt), report.trigger, report.drifts, C.shortHash(report.hash),
        open];
    }), 'No reports.', 6);
  }

  async function openReport(id) {
    var reply = await call('GET', '/audit/reconciliation/reports/' + encodeURIComponent(id));
    if (!reply.ok) {
      return failed(reply);
    }
    var report = reply.body;
    reportId = report.reportId;
    put('report-heading', 'Report ' + report.reportId);
    [['started', when(report.startedAt)], ['finished', when(report.finishedAt)], ['trigger', shown(report.trigger)],
      ['drifts', shown(report.drifts)], ['hash', shown(report.hash)], ['previous-hash', shown(report.previousHash)]]
      .forEach(function (field) { put('report-' + field[0], field[1]); });
    var box = element('report-events');
    box.textContent = '';
    (report.events || []).forEach(function (result) {
      var gate = result.gate || {};
      var db = result.database || {};
      box.appendChild(make('h3', nameOf(events, result.eventId) + ' (' + result.eventId + ')'));
      if (result.gateAnswered === false) {
        box.appendChild(make('p', 'The gate did not answer for this event in this run.', 'warning'));
      }
      box.appendChild(C.table('Gate and database', ['Figure', 'Gate', 'Database'], [
        ['Available / free', gate.available, db.free], ['Live holds / held', gate.liveHolds, db.held],
        ['Sold', gate.sold, db.sold], ['Holds in flight', result.inFlight, '']], ''));
      box.appendChild(C.table('Drifts', ['Kind', 'Order', 'Seat', 'Detail', 'Action'],
        (result.drifts || []).map(function (d) { return [d.kind, d.orderId, d.seatId, d.detail, d.action]; }),
        'No drifts.'));
    });
    element('report').hidden = false;
    element('report-heading').focus();
  }

  /** A bearer token cannot ride on a link: fetch the CSV, then save it through a Blob URL and a scripted click. */
  async function downloadCsv() {
    var reply = await call('GET', '/audit/reconciliation/reports/' + encodeURIComponent(reportId),
        { accept: 'text/csv' });
    if (!reply.ok) {
      return failed(reply);
    }
    var link = make('a');
    link.href = URL.createObjectURL(reply.body);
    link.download = 'reconciliation-' + reportId + '.csv';
    document.body.appendChild(link);
    link.click();
    document.body.removeChild(link);
    setTimeout(function () { URL.revokeObjectURL(link.href); }, 0);
  }

  async function verify() {
    put('verify-result', 'Verifying…');
    var reply = await call('GET', '/audit/reconciliation/verify');
    put('verify-result', reply.ok ? verifyText(reply.body) : '');
    element('verify-result').className = reply.ok ? (reply.body.valid === true ? 'holds' : 'fails') : '';
    if (!reply.ok) {
      failed(reply);
    }
  }

  async function showLedger() {
    var id = element('ledger-event').value;
    if (!id) {
      return;
    }
    var reply = await call('GET', '/audit/events/' + encodeURIComponent(id) + '/ledger');
    if (!reply.ok) {
      return failed(reply);
    }
    var ledger = reply.body;
    var seats = ledger.seats || {};
    put('ledger-title', nameOf(events, id) + ' (' + id + ')');
    put('ledger-as-of', 'As of ' + when(ledger.asOf));
    ['total', 'free', 'held', 'sold'].forEach(function (name) { put('ledger-' + name, shown(seats[name])); });
    put('ledger-tickets', shown(ledger.tickets));
    var list = element('ledger-invariants');
    list.textContent = '';
    invariantList(ledger.invariants).forEach(function (invariant) {
      list.appendChild(make('li', invariant.text, invariant.holds ? 'holds' : 'fails'));
    });
    fillRows(element('ledger-charges'), (ledger.charges || []).map(function (c) {
      return [c.paymentId, c.orderId, C.money(c.amountCents, c.currency), c.paymentStatus, c.orderStatus,
        when(c.settledAt)];
    }), 'No charges.', 6);
    fillRows(element('ledger-refunds'), (ledger.refunds || []).map(function (r) {
      return [r.paymentId, r.orderId, r.refundId, C.money(r.amountCents, r.currency), when(r.requestedAt),
        when(r.refundedAt)];
    }), 'No refunds.', 6);
    element('ledger').hidden = false;
  }

  on('refresh-reports', 'click', function () { listReports(false); });
  on('older', 'click', function () { listReports(true); });
  on('download-csv', 'click', downloadCsv);
  on('verify', 'click', verify);
  on('ledger-form', 'submit', showLedger);
  C.whenSignedIn(async function start() {
    events = await C.loadEvents('ledger-event');
    await listReports(false);
  });
}());
