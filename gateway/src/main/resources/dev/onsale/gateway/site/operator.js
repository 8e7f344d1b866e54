// The operator's console (/operator), on console.js (window.OnsaleConsole): the event's dashboard, the sale's
// controls, the admission settings and a reconciliation run. Starts on <body data-page="operator">. Contract: the
// dashboard is read every 2 s while the tab is visible, one read at a time; a sale action is sent only once
// #confirm-yes has been pressed.
(function () {
  'use strict';

  var C = typeof window === 'undefined' ? require('./console.js') : window.OnsaleConsole;
  var DASHBOARD_EVERY_MS = 2000;
  /** Sale actions: the states each may start from (booking's Event.after), and its effect, for the dialog. */
  var SALE_ACTIONS = {
    open: { verb: 'Open', from: ['SCHEDULED'], effect: 'The waiting room starts letting buyers in now.' },
    pause: { verb: 'Pause', from: ['OPEN'],
      effect: 'Nobody more is let in from the waiting room until you resume; buyers keep their place.' },
    resume: { verb: 'Resume', from: ['PAUSED', 'HALTED'], effect: 'The waiting room lets buyers in again.' },
    halt: { verb: 'Halt', from: ['SCHEDULED', 'OPEN', 'PAUSED'],
      effect: 'Buyers will see "sale stopped" at once: nobody is let in and no new seats are held until you resume.' }
  };

  // ---- pure rules -------------------------------------------------------------------------------

  /** The admission request from the two inputs' text: JSON numbers; null for an empty input (the server names it). */
  function admissionBody(maxActiveBuyers, maxAdmitPerSecond) {
    function number(text) { return String(text).trim() === '' ? null : Number(text); }
    return { maxActiveBuyers: number(maxActiveBuyers), maxAdmitPerSecond: number(maxAdmitPerSecond) };
  }

  /** Which sale actions are legal from `state`; all of them while the state is unknown (the server decides). */
  function allowedActions(state) {
    var allowed = {};
    Object.keys(SALE_ACTIONS).forEach(function (action) {
      allowed[action] = !state || SALE_ACTIONS[action].from.indexOf(state) >= 0;
    });
    return allowed;
  }

  /** The confirmation dialog's words for `action` on the event called `eventName`. */
  function confirmation(action, eventName) {
    var known = SALE_ACTIONS[action];
    return { title: known.verb + ' the sale?', yes: known.verb + ' the sale',
      text: known.verb + ' the sale of "' + eventName + '"? ' + known.effect };
  }

  /** The dashboard's text by element id; a part that did not answer shows a dash and is named in `unavailable`. */
  function dashboardFields(d) {
    var shown = C.shown;
    var queue = d.queue || {};
    var seats = d.seats || {};
    var payments = d.payments || {};
    var last = d.lastReconciliation;
    var missing = (d.unavailable || []).map(function (part) { return part.detail || part.part; });
    return {
      'sale-state': shown(d.saleState), 'queue-length': shown(queue.length),
      'queue-admitted': shown(queue.admitted), 'queue-active': shown(queue.activeBuyers),
      'seats-available': shown(seats.available), 'seats-live-holds': shown(seats.liveHolds),
      'seats-sold': shown(seats.sold), 'seats-capacity': shown(seats.capacity),
      'payments-queued': shown(payments.queued), 'payments-in-flight': shown(payments.inFlight),
      'provider-errors': shown(payments.providerErrorsLastMinute),
      'recon-report': last ? shown(last.reportId) : 'none yet',
      'recon-finished': last ? C.when(last.finishedAt) : C.NONE,
      'recon-drifts': !last ? C.NONE : last.covered === false
        ? 'event not in that run (' + last.totalDrifts + ' drifts over all events)'
        : shown(last.drifts) + (last.gateAnswered === false ? ' (the gate did not answer)' : ''),
      'unavailable': missing.length ? 'Not answering: ' + missing.join('; ') : ''
    };
  }

  var rules = {
    admissionBody: admissionBody, allowedActions: allowedActions, confirmation: confirmation,
    dashboardFields: dashboardFields
  };
  if (typeof module === 'object' && module.exports) {
    module.exports = rules;
  }
  if (typeof document === 'undefined' || document.body.dataset.page !== 'operator') {
    return;
  }

  // ---- the page ---------------------------------------------------------------------------------

  var element = C.element, put = C.put, call = C.call, failed = C.failed, on = C.on;
  var events = [];
  var timer = null;
  var reading = Promise.resolve();
  var answer = null;

  function eventId() { return element('event').value; }
  function adminPath(suffix) { return '/admin/events/' + encodeURIComponent(eventId()) + suffix; }

  /** Reads the dashboard once any read under way is done (one at a time, even after a failed one). */
  function refresh() {
    clearTimeout(timer);
    timer = null;
    reading = reading.then(readDashboard, readDashboard);
    return reading;
  }

  /** One read; the next one 2 s on while the tab is visible and a token is kept. */
  async function readDashboard() {
    if (!eventId() || !C.token()) {
      return;
    }
    var reply = await call('GET', adminPath('/dashboard'));
    if (reply.ok) {
      C.clearError('poll');
      var fields = dashboardFields(reply.body);
      Object.keys(fields).forEach(function (id) { put(id, fields[id]); });
      element('sale-state').dataset.state = reply.body.saleState || '';
      var allowed = allowedActions(reply.body.saleState);
      Object.keys(allowed).forEach(function (action) { element(action).disabled = !allowed[action]; });
      put('updated', 'Updated ' + new Date(reply.body.at || Date.now()).toLocaleTimeString() + '.');
    } else {
      failed(reply, 'poll');
      put('updated', 'Not updating: the last read failed.');
    }
    if (C.token() && document.visibilityState !== 'hidden' && timer === null) {
      timer = setTimeout(refresh, DASHBOARD_EVERY_MS);
    }
  }

  /** Asks in the modal #confirm-dialog: true only for #confirm-yes (#confirm-no, Escape, closing: false). */
  function confirmed(words) {
    put('confirm-title', words.title);
    put('confirm-text', words.text);
    put('confirm-yes', words.yes);
    element('confirm-dialog').showModal();
    return new Promise(function (resolve) { answer = resolve; });
  }

  function settle(yes) {
    var resolve = answer;
    answer = null;
    if (element('confirm-dialog').open) {
      element('confirm-dialog').close();
    }
    if (resolve) {
      resolve(yes);
    }
  }

  async function drive(action) {
    var name = C.nameOf(events, eventId());
    var verb = SALE_ACTIONS[action].verb;
    if (!eventId() || !(await confirmed(confirmation(action, name)))) {
      return;
    }
    put('outcome', verb + ': sending for "' + name + '"…');
    var reply = await call('POST', adminPath('/sale/' + action), { body: {} });
    put('outcome', reply.ok ? verb + ' done: the sale of "' + name + '" is now ' + reply.body.saleState + '.'
        : verb + ' not confirmed by the server; the dashboard shows the sale\'s state.');
    if (!reply.ok) {
      failed(reply);
    }
    await refresh();
  }

  async function setAdmission() {
    var body = admissionBody(element('max-active-buyers').value, element('max-admit-per-second').value);
    var reply = await call('PUT', adminPath('/admission'), { body: body });
    put('admission-outcome', reply.ok ? 'Admission set for "' + C.nameOf(events, eventId()) + '": at most '
        + reply.body.maxActiveBuyers + ' active buyers, ' + reply.body.maxAdmitPerSecond + ' let in per second.'
        : 'Admission not changed.');
    if (!reply.ok) {
      failed(reply);
    }
  }

  async function reconcile() {
    put('reconciliation-outcome', 'Reconciling…');
    var reply = await call('POST', '/admin/reconciliation/run', { body: {} });
    var running = reply.status === 409 && /\/reconciliation-running$/.test(reply.body.type || '');
    put('reconciliation-outcome', reply.ok ? 'Report ' + reply.body.reportId + ' finished with ' + reply.body.drifts
        + (reply.body.drifts === 1 ? ' drift.' : ' drifts.')
        : running ? 'Already running: another reconciliation is under way; its report will be on the auditor\'s page.'
          + (reply.retryAfterSeconds ? ' Try again in ' + reply.retryAfterSeconds + ' s.' : '') : 'No report.');
    if (reply.ok) {
      await refresh();
    } else if (!running) {
      failed(reply);
    }
  }

  Object.keys(SALE_ACTIONS).forEach(function (action) {
    on(action, 'click', function () { drive(action); });
  });
  element('confirm-yes').addEventListener('click', function () { settle(true); });
  element('confirm-no').addEventListener('click', function () { settle(false); });
  element('confirm-dialog').addEventListener('close', function () { settle(false); });
  element('event').addEventListener('change', function () {
    window.history.replaceState(null, '', '#' + eventId());
    refresh();
  });
  on('admission-form', 'submit', setAdmission);
  on('run-reconciliation', 'click', reconcile);
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'visible') {
      refresh();
    }
  });
  C.whenSignedIn(async function start() {
    events = await C.loadEvents('event', window.location.hash.slice(1));
    await refresh();
  });
}());
