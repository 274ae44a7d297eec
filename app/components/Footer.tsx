import type { SiteConfig } from "../../contract/site/views.ts";
import { SharedPiece } from "./SharedPiece.tsx";
import { SiteLink } from "./SiteLink.tsx";

/**
 * The official lookup of a 公安备案号 ("京公网安备 11010802020134号"): the national portal's search for its digits, as
 * the ICP number links to MIIT's.
 */
export function policeLookup(number: string): string {
  const code = number.replace(/\D/g, "");
  return code ? `https://beian.mps.gov.cn/#/query/webSearch?code=${code}` : "https://beian.mps.gov.cn/";
}

/** Where /about sends people with a problem or an idea: a note to the admins (a visitor's passes the captcha). */
export const FEEDBACK = "/report?target=page&url=%2Fabout";

/** requirements §2 footer: copyright, about and protocol links, filing numbers; requirements §1: the AI notice, while the site's AI answers. */
export function Footer({ config }: { config: SiteConfig }) {
  const year = new Date().getFullYear();
  // Each filing number links to its official lookup: the ICP number to MIIT's, the 公安备案号 to the police portal's.
  const filings = [
    [config.icpNumber, "https://beian.miit.gov.cn/"],
    [config.policeNumber, policeLookup(config.policeNumber ?? "")],
  ].filter(([number]) => number);
  // Drawn once per process for the same settings and year: every page carries it.
  const sameFor = `footer:${year}:${JSON.stringify([config.siteTitle, config.footerText, config.ai, config.icpNumber, config.policeNumber])}`;
  return (
    <SharedPiece
      as="footer"
      className="mt-12 border-t border-line bg-surface py-8 text-center text-xs leading-6 text-muted"
      sameFor={sameFor}
    >
      <div className="mx-auto max-w-7xl px-4">
        <nav aria-label="页脚" className="mb-2 flex justify-center gap-4 text-sm">
          <SiteLink to="/about" className="hover:text-primary">
            关于我们
          </SiteLink>
          <SiteLink to="/protocol" className="hover:text-primary">
            用户协议
          </SiteLink>
          <SiteLink to={FEEDBACK} className="hover:text-primary">
            意见反馈
          </SiteLink>
          <SiteLink to="/developers" className="hover:text-primary">
            开发者
          </SiteLink>
        </nav>
        {config.footerText && <p>{config.footerText}</p>}
        {config.ai && <p>本站生成内容基于已备案的国产AI大模型，重要信息请注意核实。</p>}
        <p>
          © {year} {config.siteTitle}
          {filings.map(([number, lookup]) => (
            <span key={lookup}>
              {" · "}
              <a href={lookup} target="_blank" rel="noreferrer" className="hover:text-primary">
                {number}
              </a>
            </span>
          ))}
        </p>
      </div>
    </SharedPiece>
  );
}
