import type { Kysely } from "kysely";
import type { Dialect } from "../db/index.ts";
import type { DB } from "../db/schema.ts";
import type { Logger } from "../../contract/shared/log.ts";
import type { Limiter } from "../lib/rate-limit.ts";
import type { Storage } from "../lib/storage.ts";
import type { Bus } from "../lib/bus.ts";
import type { ViewCounter } from "./works/views.ts";
import type { Listings } from "./browse/listings.ts";
import type { Mailer } from "../lib/mail.ts";
import type { OAuthSettings } from "../lib/oauth.ts";
import type { PushSettings } from "../lib/web-push.ts";
import type { SmsSender } from "../lib/sms.ts";
import type { CaptchaStore } from "./signin/captcha-store.ts";
import type { AiProvider } from "../lib/ai-provider.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { PageNews } from "./pages/page-news.ts";

/** What every service may use; built once in api/app.ts, so tests can pass a fixed clock or a captcha switch. */
export type Deps = {
  db: Kysely<DB>;
  dialect: Dialect;
  now: () => number;
  log: Logger;
  captchaEnabled: boolean;
  /** Live captchas: rows of the database, or Redis keys with REDIS_URL. */
  captchas: CaptchaStore;
  storage: Storage;
  /** Attempt counters (sign-in failures, captchas), shared by every process on the same store. */
  limiter: Limiter;
  /** Tells open pages, in this process or any other, that someone's inbox changed. */
  bus: Bus;
  /** Works' views, counted in memory and written every few seconds (services/works/views.ts). */
  views: ViewCounter;
  /** The shared part of work lists, kept a few seconds and forgotten on any write (services/browse/listings.ts). */
  listings: Listings;
  /** The ways in beside the password: where SMS codes and mail go, the OAuth keys, the site's public address. */
  signin: SigninSettings;
  /** The model behind 深度思考 and 深度搜索; null when AI_* is not set. */
  ai: AiProvider | null;
  /** Background work: mail, schedules, sweeps (api/jobs); a job is queued in the write that causes it. */
  jobs: JobQueue;
  /** What a write tells the visitors' stored pages (services/pages/page-news.ts); nothing when none are stored. */
  pages: PageNews;
  /** Hosts webhooks (and push services) may reach although they resolve to a private address (WEBHOOK_ALLOW_HOSTS). */
  webhookAllowHosts: string[];
  /** Web push's VAPID pair when VAPID_* gives one (else made once and kept in the database), and its subject. */
  push: PushSettings;
};

export type SigninSettings = {
  sms: SmsSender;
  mail: Mailer;
  oauth: OAuthSettings;
  /** Links in mail and OAuth return addresses are built on it (SITE_URL). */
  siteUrl: string;
  /**
   * SITE_URL was given. Without it the site is being tried out at whatever address the browser used (localhost,
   * 127.0.0.1, a LAN address): OAuth returns there, where its state cookie is, rather than to siteUrl's guess.
   */
  siteUrlSet: boolean;
  /** REQUIRE_VERIFIED: publishing, commenting and private messages need a verified e-mail or a bound phone. */
  requireVerified: boolean;
};
