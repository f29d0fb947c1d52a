import { BASE_PATH } from '../../common/constants.ts';
import { escapeHtml } from '../../common/escape-html.ts';
import { formatCents } from '../../common/money.ts';

/*
 * The built-in checkout page (docs/decisions.md D50), rendered by the server outside /app: no
 * script at all (the CSP allows none inline), one style block (allowed), plain form controls
 * with labels, and colours that pass WCAG AA.
 */

export interface TestCheckoutPageView {
  clubName: string;
  organizationName: string;
  lines: readonly { label: string; amountCents: number }[];
  amountCents: number;
  form: { name: string; email: string; expiry: string; saveCard: boolean };
  errors: Readonly<Record<string, string>>;
  /** Where the form posts: the page's own address. */
  action: string;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:16px;line-height:1.5;color:#1a1b1e;background:#f1f3f5}
main{max-width:32rem;margin:0 auto;padding:1rem}
.banner{background:#fff3bf;border:2px solid #8a6100;color:#4d3600;border-radius:8px;padding:.75rem 1rem;margin:0 0 1rem}
.banner strong{display:block;font-size:1.125rem;letter-spacing:.05em}
.card{background:#fff;border:1px solid #ced4da;border-radius:8px;padding:1rem 1.25rem}
h1{font-size:1.375rem;margin:0 0 .25rem}
.org{margin:0 0 1rem;color:#495057}
table{width:100%;border-collapse:collapse;margin:0 0 1rem}
th,td{padding:.375rem 0;border-bottom:1px solid #dee2e6;text-align:left}
td.amount,th.amount{text-align:right}
tfoot th,tfoot td{font-weight:700;border-bottom:0}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input,button{font:inherit}
input[type=text],input[type=email]{width:100%;padding:.5rem .625rem;border:1px solid #868e96;border-radius:6px}
input[aria-invalid=true]{border:2px solid #c92a2a}
.summary{background:#fff5f5;border:1px solid #c92a2a;color:#a61e1e;border-radius:6px;padding:.5rem .75rem;margin:0 0 .5rem;font-weight:600}
input:focus,button:focus{outline:3px solid #1c7ed6;outline-offset:2px}
.check{display:flex;gap:.5rem;align-items:center;margin:1rem 0 0;font-weight:400}
.check input{width:1.25rem;height:1.25rem}
.hint{margin:.25rem 0 0;color:#495057;font-size:.875rem}
.error{margin:.25rem 0 0;color:#c92a2a;font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.25rem}
button{font-size:1rem;font-weight:600;padding:.625rem 1.25rem;border-radius:6px;cursor:pointer;min-height:44px}
.pay{background:#1864ab;color:#fff;border:1px solid #1864ab}
.cancel{background:#fff;color:#1a1b1e;border:1px solid #868e96}
a{color:#1864ab}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – Lodgehall</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="banner" role="note"><strong>TEST MODE</strong>No real card is charged. Lodgehall has no payment provider configured, so this page stands in for one.</div>
${body}
</main>
</body>
</html>`;
}

const FIELDS = ['name', 'email', 'card_number', 'expiry'];

function field(
  id: string,
  label: string,
  value: string,
  errors: Readonly<Record<string, string>>,
  attributes: string,
  hint?: string,
): string {
  const error = errors[id];
  // With no script, `autofocus` is how the first field to correct gets the focus.
  const first = FIELDS.find((name) => errors[name] !== undefined) === id;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return `<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${id}" value="${escapeHtml(value)}" ${attributes}${
    described ? ` aria-describedby="${described}"` : ''
  }${error ? ' aria-invalid="true"' : ''}${first ? ' autofocus' : ''}>
${hint ? `<p class="hint" id="${id}-hint">${escapeHtml(hint)}</p>` : ''}${
    error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''
  }`;
}

export function renderTestCheckoutPage(view: TestCheckoutPageView): string {
  const rows = view.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.label)}</td><td class="amount">${formatCents(line.amountCents)}</td></tr>`,
    )
    .join('');
  const { form, errors } = view;
  return page(
    'Pay dues (test mode)',
    `<div class="card">
<h1>Pay dues to ${escapeHtml(view.clubName)}</h1>
<p class="org">${escapeHtml(view.organizationName)}</p>
<table>
<thead><tr><th scope="col">Item</th><th scope="col" class="amount">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row">Total</th><td class="amount">${formatCents(view.amountCents)}</td></tr></tfoot>
</table>
<form method="post" action="${escapeHtml(view.action)}" novalidate>
${Object.keys(errors).length > 0 ? '<p class="summary" role="alert">Nothing was paid. Please correct the fields below.</p>' : ''}
${field('name', 'Name on card', form.name, errors, 'type="text" autocomplete="cc-name"')}
${field('email', 'E-mail address', form.email, errors, 'type="email" autocomplete="email"')}
${field(
  'card_number',
  'Card number',
  '',
  errors,
  'type="text" inputmode="numeric" autocomplete="off"',
  'Use the test card 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a decline. Nothing is ever charged.',
)}
${field('expiry', 'Expiry (MM/YY)', form.expiry, errors, 'type="text" inputmode="numeric" autocomplete="off" placeholder="12/30"', 'Any future month works.')}
<label class="check"><input type="checkbox" name="save_card" value="yes"${form.saveCard ? ' checked' : ''}> Save this card for next time</label>
<p class="hint">Only the brand, the last four digits, the expiry, the name and the e-mail address are kept.</p>
<div class="actions">
<button class="pay" type="submit" name="action" value="pay">Pay ${formatCents(view.amountCents)}</button>
<button class="cancel" type="submit" name="action" value="cancel">Cancel</button>
</div>
</form>
</div>`,
  );
}

/** A checkout that cannot be used now: signed out, used or expired. */
export function renderTestCheckoutNotice(kind: 'sign-in' | 'gone'): string {
  const text =
    kind === 'sign-in'
      ? 'Sign in to Lodgehall in this browser as the member paying, then open this page again.'
      : 'This payment page has already been used, was cancelled or has expired. Go back to My Account and press pay again.';
  return page(
    'Pay dues (test mode)',
    `<div class="card"><h1>This payment page cannot be used</h1><p>${escapeHtml(text)}</p>
<p><a href="${BASE_PATH}/my_account">Back to My Account</a></p></div>`,
  );
}
