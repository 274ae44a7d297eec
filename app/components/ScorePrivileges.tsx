import { allowance, privileges } from "../../contract/scores/growth.ts";

/** 积分的用处: what each level allows (contract/scores/growth.ts, which the API holds members to) and what the member has now. */
export function ScorePrivileges({ score }: { score: number }) {
  return (
    <table className="w-full text-sm" data-testid="privileges">
      <thead>
        <tr className="text-left text-xs text-muted">
          <th scope="col" className="py-1 font-normal">
            特权
          </th>
          <th scope="col" className="py-1 font-normal">
            各等级
          </th>
          <th scope="col" className="py-1 font-normal">
            你现在
          </th>
        </tr>
      </thead>
      <tbody>
        {privileges.map((p) => (
          <tr key={p.key} className="border-t border-line">
            <th scope="row" className="py-2 text-left font-medium">
              {p.label}
            </th>
            <td className="py-2 text-muted">
              {p.byLevel.map((s) => `Lv${s.level} 起 ${s.allows} ${p.unit}`).join("，")}
            </td>
            <td className="py-2 font-medium tabular-nums">
              {allowance(p.key, score)} {p.unit}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
