// The side column of a member's home: their badges, groups and devices, each a few rows with a
// link to all of them, or what to do when there are none.
import type { ReactNode } from "react";
import type { Branding } from "../../../../shared/branding.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { paths } from "../../routes/paths.ts";
import { BadgeRows, DeviceRows, EmptyNote, GroupRows, HomeCard } from "./home-sections.tsx";
import { BADGE_ROWS, MAX_ROWS, type DashboardUser } from "./home-data.ts";
import { homeTexts } from "./texts.ts";

interface CardProps {
  user: DashboardUser | null;
  /** What to show instead while loading or unavailable (null: the rows). */
  pending: (rows: number) => ReactNode;
}

export function BadgesCard({ user, pending }: CardProps) {
  const t = useT(homeTexts);
  return (
    <HomeCard
      title={t("home.badges.title")}
      tour="badges"
      count={user ? user.badgesByUserId.totalCount : null}
      link={{ to: paths.account("badges"), label: t("home.badges.all") }}
    >
      {pending(2) ??
        (!user || user.badgesByUserId.nodes.length === 0 ? (
          <EmptyNote>{t("home.badges.empty")}</EmptyNote>
        ) : (
          <BadgeRows badges={user.badgesByUserId.nodes.slice(0, BADGE_ROWS)} />
        ))}
    </HomeCard>
  );
}

export function GroupsCard({ user, pending, b }: CardProps & { b: Branding }) {
  const t = useT(homeTexts);
  const brand = { brand: b.key };
  return (
    <HomeCard
      title={t("home.groups.title", brand)}
      count={user ? user.groupMembershipsByUserId.totalCount : null}
      link={{ to: "/groups", label: t("home.groups.all", brand) }}
    >
      {pending(2) ??
        (!user || user.groupMembershipsByUserId.nodes.length === 0 ? (
          <EmptyNote action={{ to: "/groups", label: t("home.groups.find", brand) }}>{t("home.groups.empty", brand)}</EmptyNote>
        ) : (
          <GroupRows
            groups={user.groupMembershipsByUserId.nodes
              .filter((m) => m.groupByGroupId)
              .slice(0, MAX_ROWS)
              .map((m) => ({ group: m.groupByGroupId!, isOwner: m.isOwner }))}
          />
        ))}
    </HomeCard>
  );
}

export function DevicesCard({ user, pending, b }: CardProps & { b: Branding }) {
  const t = useT(homeTexts);
  return (
    <HomeCard
      title={t("home.devices.title")}
      count={user ? user.deviceAccessesByUserId.totalCount : null}
      link={{ to: paths.account("devices"), label: t("home.devices.all") }}
    >
      {pending(2) ??
        (!user || user.deviceAccessesByUserId.nodes.length === 0 ? (
          <EmptyNote action={{ to: "/devices/new", label: t("home.devices.add") }}>{t("home.devices.empty", { brand: b.key })}</EmptyNote>
        ) : (
          <DeviceRows
            devices={user.deviceAccessesByUserId.nodes
              .map((a) => a.deviceByDeviceId)
              .filter((d): d is NonNullable<typeof d> => Boolean(d))
              .slice(0, MAX_ROWS)}
          />
        ))}
    </HomeCard>
  );
}
