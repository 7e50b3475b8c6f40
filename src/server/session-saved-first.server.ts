import type { RequestHandler } from "express";

// express-session writes a response's head (and all but its last byte) before the store has saved
// a changed session, and ends the response once it has. A client acts on the head: a browser (or
// fetch) follows a 303 as soon as its Location arrives. So after a sign-in, or any write that puts
// a flash message in the session and redirects, the next request could reach a process whose
// store does not hold the session yet — signed out, without its CSRF token, its flash lost. Here
// a changed session is saved first and only then is the response written at all.

/** Mounted right after the session middleware: a changed session is in the store before any byte is sent. */
export const sessionSavedFirst: RequestHandler = (req, res, next) => {
  const loaded = { id: req.sessionID, state: req.session ? JSON.stringify(req.session) : "" };
  const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
  res.end = function endOnceSaved(...args: unknown[]) {
    const session = req.session;
    const changed = session && (req.sessionID !== loaded.id || JSON.stringify(session) !== loaded.state);
    if (!changed || res.headersSent) return end(...args);
    session.save((err) => (err ? next(err) : end(...args)));
    return res;
  } as typeof res.end;
  next();
};
