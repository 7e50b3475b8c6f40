// Signing in through the real form, as the benchmarks do: the session cookie, and the CSRF token a
// signed-in page carries (for the calls that need one).

/** The app behind a pretend TLS proxy, as production runs. */
export const PROXIED = { "x-forwarded-proto": "https" };

const csrfIn = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? "";

export async function signInThroughForm(base: string, email: string, password = "password123"): Promise<{ cookie: string; csrf: string }> {
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      cookies.set(pair.split("=")[0]!, pair);
    }
  };
  const cookie = () => [...cookies.values()].join("; ");
  const login = await fetch(`${base}/login`, { headers: PROXIED });
  remember(login);
  const response = await fetch(`${base}/session`, {
    method: "POST", redirect: "manual", headers: { ...PROXIED, cookie: cookie(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ _csrf: csrfIn(await login.text()), email, password }),
  });
  remember(response);
  if (response.status !== 303) throw new Error(`sign-in as ${email} answered ${response.status}`);
  const account = await fetch(`${base}/account`, { headers: { ...PROXIED, cookie: cookie() } });
  return { cookie: cookie(), csrf: csrfIn(await account.text()) };
}
