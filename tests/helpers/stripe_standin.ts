// A local stand-in for Stripe's API on a loopback port (the app's STRIPE_API_URL points at it):
// it records every request the SDK sends (method, path, form fields, headers) and answers the
// calls checkout and the billing portal make with minimal Stripe objects. Like Stripe, it gives
// the same customer for a repeated idempotency key. `failing` makes every call answer 500.
export interface StripeCall {
  method: string;
  path: string;
  form: Record<string, string>;
  headers: Headers;
}

export interface StripeStandIn {
  url: string;
  calls: StripeCall[];
  callsTo(path: string): StripeCall[];
  failing: boolean;
  close(): Promise<void>;
}

export function startStripeStandIn(): StripeStandIn {
  const calls: StripeCall[] = [];
  const customersByKey = new Map<string, string>();
  let n = 0;
  const state = { failing: false };
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const path = new URL(req.url).pathname;
    const form = Object.fromEntries(new URLSearchParams(await req.text()));
    calls.push({ method: req.method, path, form, headers: req.headers });
    if (state.failing) {
      return json({ error: { type: "api_error", message: "stand-in failure" } }, 500);
    }
    if (req.method === "POST" && path === "/v1/customers") {
      const key = req.headers.get("idempotency-key") ?? `none-${++n}`;
      if (!customersByKey.has(key)) customersByKey.set(key, `cus_standin_${++n}`);
      return json({ id: customersByKey.get(key), object: "customer", email: form.email });
    }
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const id = `cs_test_standin_${++n}`;
      return json({
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.com/c/pay/${id}`,
      });
    }
    if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
      const id = `bps_standin_${++n}`;
      return json({
        id,
        object: "billing_portal.session",
        url: `https://billing.stripe.com/p/session/${id}`,
      });
    }
    return json({ error: { type: "invalid_request_error", message: `no route ${path}` } }, 404);
  });
  const addr = server.addr as Deno.NetAddr;
  return {
    url: `http://127.0.0.1:${addr.port}`,
    calls,
    callsTo: (path) => calls.filter((c) => c.path === path),
    get failing() {
      return state.failing;
    },
    set failing(v: boolean) {
      state.failing = v;
    },
    close: () => server.shutdown(),
  };
}
