import { sql, type SqlBool } from "kysely";
import { WorkStatus } from "../../../contract/shared/kinds.ts";

/**
 * Whether a work's author lets machines read it (an AI, a feed's whole text), for a query over `works as w`: not
 * marked noai, and a repost only when it reposts a work of this site that, as it stands now, allows it
 * (services/works/repost.ts).
 */
export const machinesMayRead = sql<SqlBool>`(w.noai = 0 and (w.source_url = '' or w.source_work_id in (select s.id from works s where s.noai = 0 and s.status = ${sql.lit(WorkStatus.live)})))`;
