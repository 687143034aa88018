// Line icons of the home, scorer and feedback screens, drawn in currentColor. Decorative: a text
// label always goes with them.
import { dropPath, LineIcon as Icon } from "../../components/LineIcon.tsx";

export const DropIcon = ({ size }: { size?: number }) => <Icon size={size}>{dropPath}</Icon>;

export const PlusIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const TaskIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="4.5" y="4" width="15" height="16.5" rx="2" />
    <path d="M8.5 9.5l1.5 1.5 3-3M8.5 15.5h7" />
  </Icon>
);

export const PinIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
    <circle cx="12" cy="10" r="2.3" />
  </Icon>
);

export const MapIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M3.5 6.5l5.5-2.5 6 2.5 5.5-2.5v13.5l-5.5 2.5-6-2.5-5.5 2.5z" />
    <path d="M9 4v13.5M15 6.5V20" />
  </Icon>
);

export const StarIcon = ({ size, filled = false }: { size?: number; filled?: boolean }) => (
  <svg
    width={size ?? 20}
    height={size ?? 20}
    viewBox="0 0 24 24"
    fill={filled ? "currentColor" : "none"}
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M12 3.8l2.5 5.2 5.7.8-4.1 4 1 5.6-5.1-2.7-5.1 2.7 1-5.6-4.1-4 5.7-.8z" />
  </svg>
);

export const TrophyIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M8 4h8v5a4 4 0 0 1-8 0z" />
    <path d="M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8.5 20h7M10 17h4" />
  </Icon>
);

export const ChatIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M5 5.5h14a1.5 1.5 0 0 1 1.5 1.5v8.5a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 3.5V17H5a1.5 1.5 0 0 1-1.5-1.5V7A1.5 1.5 0 0 1 5 5.5z" />
  </Icon>
);

export const ChevronLeft = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M14.5 5.5L8 12l6.5 6.5" />
  </Icon>
);

export const ChevronRight = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M9.5 5.5L16 12l-6.5 6.5" />
  </Icon>
);

export const PauseIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M9 6v12M15 6v12" />
  </Icon>
);

export const PlayIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M8 5.5v13l10.5-6.5z" />
  </Icon>
);

export const CompassIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M15.5 8.5l-2 5-5 2 2-5z" />
  </Icon>
);

export const PictureIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="3.5" y="5" width="17" height="14" rx="2" />
    <circle cx="9" cy="10" r="1.6" />
    <path d="M20.5 16l-5-5-8 8" />
  </Icon>
);
