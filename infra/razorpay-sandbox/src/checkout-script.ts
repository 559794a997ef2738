/**
 * The browser script served at `/v1/checkout.js`. It defines `window.Razorpay` with the surface of
 * Razorpay's Standard Checkout: `new Razorpay(options)`, `.open()`, `.close()`, `.on(event, fn)`.
 *
 * - `callback_url` with `redirect: true`: the whole page is sent (form POST) to the hosted checkout
 *   page, which ends in a form POST of the signed fields to `callback_url`.
 * - otherwise the hosted page opens in a modal iframe; on success the signed fields go to `handler`,
 *   or, when `callback_url` is set, are form-POSTed to it from the top window.
 * - `on('payment.failed', fn)` gets `{ error: { code, description, source, step, reason, metadata } }`.
 * - `modal.ondismiss` runs when the modal is closed without a successful payment.
 */
export function checkoutScript(fallbackBase: string): string {
  return `/* Razorpay Standard Checkout, local sandbox build */
(function () {
  'use strict';
  if (window.Razorpay && window.Razorpay.__sandbox) return;
  var FALLBACK_BASE = ${JSON.stringify(fallbackBase)};
  var current = document.currentScript;
  var BASE = current && current.src ? current.src.replace(/\\/v1\\/checkout\\.js(?:[?#].*)?$/, '') : FALLBACK_BASE;
  var BASE_ORIGIN = new URL(BASE, location.href).origin;

  function isObject(v) { return v !== null && typeof v === 'object' && !Array.isArray(v); }
  function str(v) { return v === undefined || v === null ? '' : String(v); }

  function fieldsFrom(o) {
    var f = {
      key_id: str(o.key),
      order_id: str(o.order_id),
      name: str(o.name),
      description: str(o.description)
    };
    if (o.amount !== undefined && o.amount !== null && o.amount !== '') f.amount = str(o.amount);
    if (o.currency) f.currency = str(o.currency);
    if (o.callback_url) f.callback_url = str(o.callback_url);
    if (o.cancel_url) f.cancel_url = str(o.cancel_url);
    var prefill = isObject(o.prefill) ? o.prefill : {};
    ['name', 'email', 'contact'].forEach(function (k) { if (prefill[k] !== undefined) f['prefill[' + k + ']'] = str(prefill[k]); });
    var notes = isObject(o.notes) ? o.notes : {};
    Object.keys(notes).forEach(function (k) { f['notes[' + k + ']'] = str(notes[k]); });
    return f;
  }

  function postForm(action, fields, target) {
    var form = document.createElement('form');
    form.method = 'POST';
    form.action = action;
    if (target) form.target = target;
    form.style.display = 'none';
    Object.keys(fields).forEach(function (k) {
      var input = document.createElement('input');
      input.type = 'hidden';
      input.name = k;
      input.value = fields[k];
      form.appendChild(input);
    });
    document.body.appendChild(form);
    form.submit();
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!isObject(options)) throw new Error('Razorpay: an options object is required');
    if (!options.key) throw new Error('Razorpay: the "key" option is required');
    if (!options.order_id) throw new Error('Razorpay: the "order_id" option is required');
    if (options.redirect === true && !options.callback_url) throw new Error('Razorpay: "redirect" needs a "callback_url"');
    this.options = options;
    this._listeners = {};
    this._overlay = null;
    this._onMessage = null;
  }

  Razorpay.__sandbox = true;

  Razorpay.prototype.on = function (event, fn) {
    if (typeof fn === 'function') (this._listeners[event] = this._listeners[event] || []).push(fn);
    return this;
  };

  Razorpay.prototype._emit = function (event, payload) {
    (this._listeners[event] || []).forEach(function (fn) {
      try { fn(payload); } catch (e) { setTimeout(function () { throw e; }); }
    });
  };

  Razorpay.prototype.open = function () {
    var o = this.options;
    var fields = fieldsFrom(o);
    if (o.callback_url && o.redirect === true) {
      postForm(BASE + '/v1/checkout/embedded', fields, '_self');
      return this;
    }
    if (this._overlay) return this;
    fields.sandbox_mode = 'iframe';
    fields.parent_origin = location.origin;
    var query = Object.keys(fields).map(function (k) {
      return encodeURIComponent(k) + '=' + encodeURIComponent(fields[k]);
    }).join('&');

    var overlay = document.createElement('div');
    overlay.className = 'razorpay-container';
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(10,20,40,.6);display:flex;align-items:center;justify-content:center';
    var frame = document.createElement('iframe');
    frame.className = 'razorpay-checkout-frame';
    frame.title = 'Razorpay Checkout';
    frame.src = BASE + '/v1/checkout/embedded?' + query;
    frame.style.cssText = 'width:min(460px,100vw);height:min(720px,100vh);border:0;border-radius:10px;background:#fff';
    var close = document.createElement('button');
    close.type = 'button';
    close.className = 'razorpay-close';
    close.setAttribute('aria-label', 'Close checkout');
    close.textContent = '\\u00d7';
    close.style.cssText = 'position:absolute;top:12px;right:16px;font-size:28px;line-height:1;background:none;border:0;color:#fff;cursor:pointer';
    overlay.appendChild(frame);
    overlay.appendChild(close);
    document.body.appendChild(overlay);
    this._overlay = overlay;

    var self = this;
    close.addEventListener('click', function () { self._dismiss(); });
    this._onMessage = function (event) {
      if (event.origin !== BASE_ORIGIN || event.source !== frame.contentWindow) return;
      var data = event.data;
      if (!isObject(data) || data.source !== 'razorpay-sandbox') return;
      if (data.type === 'payment.success' && isObject(data.response)) {
        var response = {
          razorpay_payment_id: str(data.response.razorpay_payment_id),
          razorpay_order_id: str(data.response.razorpay_order_id),
          razorpay_signature: str(data.response.razorpay_signature)
        };
        self._teardown();
        if (o.callback_url) {
          postForm(o.callback_url, response, '_self');
        } else if (typeof o.handler === 'function') {
          o.handler(response);
        }
      } else if (data.type === 'payment.failed' && isObject(data.error)) {
        self._emit('payment.failed', { error: data.error });
      } else if (data.type === 'dismiss') {
        self._dismiss();
      }
    };
    window.addEventListener('message', this._onMessage);
    return this;
  };

  Razorpay.prototype._teardown = function () {
    if (this._onMessage) window.removeEventListener('message', this._onMessage);
    this._onMessage = null;
    if (this._overlay && this._overlay.parentNode) this._overlay.parentNode.removeChild(this._overlay);
    this._overlay = null;
  };

  Razorpay.prototype._dismiss = function () {
    if (!this._overlay) return;
    this._teardown();
    var modal = isObject(this.options.modal) ? this.options.modal : {};
    if (typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype.close = function () { this._dismiss(); };

  window.Razorpay = Razorpay;
})();
`;
}
