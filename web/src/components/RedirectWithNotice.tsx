// A redirect that says why (issue 22: "Redirects that say nothing"): shows an info notice, then
// replaces the location. Used where a screen sends someone away, such as a non-owner opening an
// edit page.
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useNotify } from "../lib/notices.tsx";

export function RedirectWithNotice({ to, message }: { to: string; message: string }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    // Once, also under StrictMode's double effects.
    if (done.current) return;
    done.current = true;
    notify.info(message);
    navigate(to, { replace: true });
  }, [notify, navigate, to, message]);
  return null;
}
