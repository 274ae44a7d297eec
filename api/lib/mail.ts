import type { Transporter } from "nodemailer";

/** A message the site sends: verification and password-reset links, notification digests (with their headers). */
export type Mail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

/** Where mail goes: an SMTP server (SMTP_URL), or, without one, the server's output. */
export type Mailer = { name: "smtp" | "console"; send(mail: Mail): Promise<void> };

/**
 * How long a try waits for a mail server (nodemailer waits 2 and 10 minutes by default): a server that takes the
 * connection and says nothing fails the try well inside the mail job's two minutes, so no other process takes the job
 * while this one still waits, and the mail is tried again later.
 */
const SMTP_WAIT_MS = { connect: 10_000, silent: 30_000 };

/**
 * nodemailer over SMTP_URL (smtp://user:pass@host:587, smtps://… for TLS from the start). nodemailer is loaded with
 * the first message, not with every process (megabytes of memory each for mail a site sends a few times a day).
 */
export function smtpMailer(url: string, from: string, waitMs = SMTP_WAIT_MS): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    name: "smtp",
    async send(mail) {
      transport ??= import("nodemailer").then((m) =>
        m.default.createTransport({
          url,
          connectionTimeout: waitMs.connect,
          greetingTimeout: waitMs.connect,
          socketTimeout: waitMs.silent,
        }),
      );
      await (await transport).sendMail({ from, ...mail });
    },
  };
}

/** Without SMTP_URL: the message's text is printed, links and all, so a developer can follow them. */
export function consoleMailer(write: (text: string) => void = (text) => process.stdout.write(text)): Mailer {
  return {
    name: "console",
    async send(mail) {
      write(`[邮件] 收件人 ${mail.to}｜${mail.subject}\n${mail.text}\n`);
    },
  };
}

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => escapes[c]);

/** A short mail with one link: a greeting, what the link does, the button, and the address spelled out. */
export function linkMail(
  to: string,
  o: { subject: string; name: string; lead: string; action: string; url: string; note: string; lines?: string[] },
): Mail {
  const lines = o.lines ?? [];
  const listed = lines.length ? `${lines.join("\n")}\n\n` : "";
  const text = `${o.name}，你好：\n\n${o.lead}\n\n${listed}${o.url}\n\n${o.note}\n`;
  const html = `<div style="font-family:sans-serif;line-height:1.7;color:#222">
<p>${escape(o.name)}，你好：</p>
<p>${escape(o.lead)}</p>
${lines.length ? `<ul>${lines.map((l) => `<li>${escape(l)}</li>`).join("")}</ul>` : ""}
<p><a href="${escape(o.url)}" style="display:inline-block;padding:8px 20px;border-radius:999px;background:#e85d3f;color:#fff;text-decoration:none">${escape(o.action)}</a></p>
<p style="color:#666;font-size:13px">如果按钮无法点击，请复制这个地址到浏览器打开：<br>${escape(o.url)}</p>
<p style="color:#666;font-size:13px">${escape(o.note)}</p>
</div>`;
  return { to, subject: o.subject, text, html };
}
