import { isStaff } from "../../contract/shared/roles.ts";
import type { CurrentUserView } from "../../contract/signin/views.ts";
import { Avatar } from "./Avatar.tsx";
import { Dropdown, menuItem } from "./Dropdown.tsx";
import { CheckinButton } from "./CheckinButton.tsx";
import { useSite } from "../lib/site.ts";
import { SiteLink } from "./SiteLink.tsx";
import { SignOutForm } from "./SignOutForm.tsx";

/** The links requirements §2 puts under the signed-in user, shared by the desktop dropdown and the mobile sidebar. */
export function UserLinks({ user }: { user: CurrentUserView }) {
  return (
    <>
      <SiteLink to={`/user/${user.id}`} className={menuItem}>
        个人中心
      </SiteLink>
      <SiteLink to="/user/temperament" className={menuItem}>
        我的口味
      </SiteLink>
      <SiteLink to="/user/profile" className={menuItem}>
        编辑资料
      </SiteLink>
      <SiteLink to="/user/scores" className={menuItem}>
        我的积分
      </SiteLink>
      <SiteLink to="/commissions" className={menuItem}>
        我的约稿
      </SiteLink>
      {isStaff(user) && (
        <SiteLink to="/admin" className={menuItem}>
          管理后台
        </SiteLink>
      )}
      <SignOutForm>
        <button type="submit" className={`${menuItem} text-danger`}>
          退出登录
        </button>
      </SignOutForm>
    </>
  );
}

export function UserMenu({ user }: { user: CurrentUserView }) {
  const site = useSite();
  return (
    <Dropdown label="用户菜单" align="right" summary={<Avatar user={user} size={35} />}>
      <div className="border-b border-line px-3 pb-2 pt-1">
        <div className="truncate font-medium">{user.nickname}</div>
        <div className="truncate text-xs text-muted">
          @{user.username} · {user.score} 积分
        </div>
      </div>
      <CheckinButton state={site?.checkin ?? null} className="mx-0 mt-1.5" />
      <div className="pt-1">
        <UserLinks user={user} />
      </div>
    </Dropdown>
  );
}
