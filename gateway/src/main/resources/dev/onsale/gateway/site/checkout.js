// The order page (/orders/{orderId}): the hold's countdown and cancel; payment with a test payment method (a
// token, never card data), sent once per order and method whatever the clicks (one Idempotency-Key, kept in
// localStorage); "processing payment" while the provider answers; the tickets with their codes; and clear pages for
// expired, declined, cancelled and refunded. Another tab's change shows here too. Needs site.js and qr.js.
(function () {
  'use strict';

  var ORDER_REFRESH_MS = 5000;
  var PROCESSING_POLL_MS = 1000;

  // ---- pure rules -------------------------------------------------------------------------------

  /**
   * What an order's status means to its buyer: the heading and the sentence under it. A failed payment says why
   * where the provider's reason (`failureReason`) is one a buyer can act on.
   */
  function outcome(status, failureReason) {
    if (status === 'PAYMENT_FAILED' && FAILURES[failureReason]) {
      return FAILURES[failureReason];
    }
    switch (status) {
      case 'HELD': return ['Your seats are held', 'Pay before the countdown ends; until then nobody else can take them.'];
      case 'PAYMENT_PENDING': return ['Processing payment…', 'Your payment is being processed. Keep this page open: '
          + 'it shows the result by itself. Do not pay again.'];
      case 'CONFIRMED': return ['You have tickets', 'Payment received. Show a ticket\'s code at the entrance.'];
      case 'EXPIRED': return ['Hold expired', 'The time to pay ran out and the seats have been released. Nothing was '
          + 'charged.'];
      case 'CANCELLED': return ['Order cancelled', 'You cancelled this order and the seats have been released. '
          + 'Nothing was charged.'];
      case 'PAYMENT_FAILED': return ['Payment declined', 'The payment was declined, so nothing was charged, and the '
          + 'seats have been released. To try another card, choose seats again.'];
      case 'REFUNDED': return ['Refunded', 'A payment for this order arrived after it had ended; it has been refunded '
          + 'in full.'];
      default: return ['Your order', 'This order is ' + status + '.'];
    }
  }

  var RELEASED = ', so nothing was charged, and the seats have been released. To pay another way, choose seats '
      + 'again.';
  var FAILURES = {
    card_declined: ['Payment declined', 'The card was declined' + RELEASED],
    insufficient_funds: ['Payment declined', 'The card has insufficient funds' + RELEASED],
    unknown_payment_method: ['Payment method not accepted', 'The payment provider does not know this payment method'
        + RELEASED],
    'provider-unavailable': ['Payment could not be taken', 'The payment provider could not be reached in time'
        + RELEASED]
  };

  if (typeof module === 'object' && module.exports) {
    module.exports = { outcome: outcome };
  }
  if (typeof document === 'undefined') {
    return;
  }

  // ---- the page ---------------------------------------------------------------------------------

  var O = window.Onsale;
  var call = O.call, element = O.element, say = O.say, make = O.make, money = O.money, LIVE = O.LIVE;
  var load = O.load, save = O.save, forget = O.forget, problemText = O.problemText, newKey = O.newKey;
  var timeLeft = O.timeLeft, orderKey = O.orderKey, sleep = O.sleep;

  async function orderPage(orderId) {
    var path = '/api/orders/' + encodeURIComponent(orderId);
    var order = null;
    var paying = false;
    var countdownTimer = null;
    element('pay-form').addEventListener('submit', function (submitted) {
      submitted.preventDefault();
      pay();
    });
    element('cancel').addEventListener('click', cancel);
    window.addEventListener('storage', function () { refresh(); });

    function show(current) {
      order = current;
      var words = outcome(current.status, current.failureReason);
      element('heading').textContent = words[0];
      say(words[1]);
      document.title = words[0] + ' — Onsale';
      element('order-id').textContent = current.orderId;
      element('seats').textContent = current.seatIds.join(', ');
      element('amount').textContent = money(current.amountCents, current.currency);
      element('summary').hidden = false;
      element('pay').textContent = 'Pay ' + money(current.amountCents, current.currency);
      element('pay-form').hidden = current.status !== 'HELD';
      element('pay').disabled = paying;
      element('next-link').href = '/events/' + encodeURIComponent(current.eventId) + '/admitted';
      element('next').hidden = LIVE.indexOf(current.status) >= 0 || current.status === 'CONFIRMED';
      if (LIVE.indexOf(current.status) < 0) {
        forget(orderKey(current.eventId));
      } else {
        save(orderKey(current.eventId), { orderId: current.orderId, expiresAt: current.expiresAt });
      }
      showCountdown();
      showTickets();
    }

    function showCountdown() {
      clearInterval(countdownTimer);
      var box = element('hold-countdown');
      box.hidden = order.status !== 'HELD';
      if (box.hidden) {
        return;
      }
      var tick = function () {
        var left = timeLeft(Date.parse(order.expiresAt), Date.now());
        if (left === null && order.status === 'HELD') {
          clearInterval(countdownTimer);
          show(Object.assign({}, order, { status: 'EXPIRED' }));
          refresh();
          return;
        }
        box.textContent = left + ' left to pay';
      };
      tick();
      countdownTimer = setInterval(tick, 1000);
    }

    function showTickets() {
      var list = element('tickets');
      list.textContent = '';
      list.hidden = order.status !== 'CONFIRMED';
      (order.tickets || []).forEach(function (ticket) {
        var item = make('li', undefined, 'ticket');
        item.appendChild(make('h2', 'Seat ' + ticket.seatId));
        if (window.OnsaleQr) {
          item.appendChild(window.OnsaleQr.svg(document, ticket.ticketId, 'Ticket code for seat ' + ticket.seatId));
        }
        item.appendChild(make('p', 'Ticket ' + ticket.ticketId, 'ticket-id'));
        list.appendChild(item);
      });
    }

    async function refresh() {
      var reply = await call('GET', path);
      if (reply.status === 200) {
        show(reply.body);
      } else if (reply.status === 404 || reply.status === 401) {
        element('heading').textContent = 'No such order here';
        say('This browser has no order ' + orderId + '. Orders belong to the browser session that made them.');
      } else if (!order) {
        say(problemText(reply));
      }
      return reply;
    }

    async function pay() {
      if (paying || !order || order.status !== 'HELD') {
        return;
      }
      paying = true;
      element('pay').disabled = true;
      var method = document.querySelector('input[name="method"]:checked').value;
      var keyName = 'onsale.payment.' + orderId;
      var key = load(keyName) || { key: newKey(), method: method };
      if (key.method !== method) {
        key = { key: newKey(), method: method };
      }
      save(keyName, key);
      element('problem').textContent = '';
      say('Sending your payment…');
      var reply = await call('POST', path + '/payments', { 'Idempotency-Key': key.key }, { paymentMethod: method });
      if (reply.status !== 202) {
        paying = false;
        element('problem').textContent = problemText(reply);
        await refresh();
        return;
      }
      show(Object.assign({}, order, { status: 'PAYMENT_PENDING' }));
      await awaitOutcome();
      paying = false;
      forget(keyName);
    }

    /**
     * Polls the order until the payment has an outcome (the order is no longer live). An order still HELD a moment
     * after its 202 is shown as being paid: the payment was accepted and is on its way to the order.
     */
    async function awaitOutcome() {
      for (;;) {
        await sleep(PROCESSING_POLL_MS);
        var now = await refresh();
        if (now.status === 200 && LIVE.indexOf(now.body.status) < 0) {
          return;
        }
        if (now.status === 200 && now.body.status === 'HELD') {
          show(Object.assign({}, now.body, { status: 'PAYMENT_PENDING' }));
        }
      }
    }

    async function cancel() {
      element('cancel').disabled = true;
      var reply = await call('DELETE', path);
      element('cancel').disabled = false;
      if (reply.status !== 204) {
        element('problem').textContent = problemText(reply);
      }
      await refresh();
    }

    var first = await refresh();
    if (first.status === 200 && first.body.status === 'PAYMENT_PENDING' && !paying) {
      await awaitOutcome();
    }
    setInterval(function () {
      if (!paying && order && LIVE.indexOf(order.status) >= 0 && document.visibilityState !== 'hidden') {
        refresh();
      }
    }, ORDER_REFRESH_MS);
  }

  orderPage(decodeURIComponent(window.location.pathname.split('/')[2] || ''));
}());
