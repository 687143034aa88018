// /unsubscribe: the one-click unsubscribe of notice e-mails (issue 25, RFC 8058). Each notice
// e-mail carries List-Unsubscribe: <PUBLIC_URL/unsubscribe?u=<user>&k=<kind>&s=<HMAC>> and
// List-Unsubscribe-Post: List-Unsubscribe=One-Click (worker/tasks/send_email.ts).
//   GET   shows what the link does and a button (a mail client's link preview must not unsubscribe)
//   POST  turns that kind's e-mails off (app_hidden.unsubscribe_notice), no sign-in needed: the
//         signature is the proof; the mail provider's one-click POST and the button both land here
// A link with a wrong signature answers 400 and changes nothing.
import express, { type Router } from "express";
import type pg from "pg";
import { verifyUnsubscribe } from "../../domain/notice-keys.ts";
import { brandingForHost, parseHostList } from "../../shared/branding.ts";
import { NOTICE_KIND_LABELS } from "../../shared/notice-preferences.ts";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function page(brand: string, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — ${escapeHtml(brand)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1d1d1d}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#2f6f3e;color:#fff;cursor:pointer}
a{color:#2f6f3e}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export function unsubscribeRouter(pool: pg.Pool, opts: { secret: string; brandHosts: string }): Router {
  const router = express.Router();
  const brandOf = (req: express.Request) => brandingForHost(req.hostname, parseHostList(opts.brandHosts)).name;

  const invalid = (req: express.Request, res: express.Response) =>
    res
      .status(400)
      .type("html")
      .send(
        page(
          brandOf(req),
          "This link does not work",
          `<p>The unsubscribe link is incomplete or was changed. Open the newest e-mail and use its link, or sign in and choose your notices under <a href="/account/notices">Account → Notices</a>.</p>`,
        ),
      );

  router.get("/unsubscribe", (req, res) => {
    const link = verifyUnsubscribe(opts.secret, req.query);
    if (!link) return invalid(req, res);
    const what = NOTICE_KIND_LABELS[link.kind].label.toLowerCase();
    res
      .set("Cache-Control", "no-store")
      .type("html")
      .send(
        page(
          brandOf(req),
          "Unsubscribe",
          `<p>Stop e-mails about <strong>${escapeHtml(what)}</strong>? You will still see them in the app, and can switch them back on under Account → Notices.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
        ),
      );
  });

  router.post("/unsubscribe", express.urlencoded({ extended: false, limit: "2kb" }), async (req, res, next) => {
    const link = verifyUnsubscribe(opts.secret, req.query);
    if (!link) return invalid(req, res);
    try {
      await pool.query("select app_hidden.unsubscribe_notice($1, $2::app_public.notice_kind)", [link.userId, link.kind]);
    } catch (error) {
      return next(error);
    }
    const what = NOTICE_KIND_LABELS[link.kind].label.toLowerCase();
    res
      .set("Cache-Control", "no-store")
      .type("html")
      .send(
        page(
          brandOf(req),
          "You are unsubscribed",
          `<p>No more e-mails about <strong>${escapeHtml(what)}</strong>. You can switch them back on under <a href="/account/notices">Account → Notices</a>.</p>`,
        ),
      );
  });

  return router;
}
