/**
 * The Lucide icons the site uses, as plain SVG elements whose shapes are
 * markup made once per icon at module load.
 *
 * Why not lucide-react's components: the public pages are rendered by React
 * inside QuickJS (an interpreter), where every element and attribute costs.
 * A lucide-react icon is three components deep, merges class names with a Set
 * and a regular expression, and renders each shape as its own React element;
 * the home page has about thirty icons, and they were a third of its render
 * time. Here an icon is one <svg> element whose children are a constant HTML
 * string, with lucide-react's `lucide lucide-<name>` classes; the stroke
 * attributes every Lucide icon shares are one CSS rule (`.lucide` in
 * styles.css) instead of six attributes on each. The shapes come from the
 * `lucide` package (the same icon set, framework-free).
 */
import type { ReactElement, SVGProps } from 'react';
import {
  ArrowLeft as arrowLeft,
  ArrowRight as arrowRight,
  Bold as bold,
  BookOpen as bookOpen,
  Brain as brain,
  Calendar as calendar,
  Check as check,
  ChevronDown as chevronDown,
  CircleAlert as circleAlert,
  CircleCheck as circleCheck,
  Clock as clock,
  Code as code,
  Coins as coins,
  Copy as copy,
  Cpu as cpu,
  Download as download,
  ExternalLink as externalLink,
  FileText as fileText,
  FlaskConical as flaskConical,
  FolderKanban as folderKanban,
  Globe as globe,
  GraduationCap as graduationCap,
  HandCoins as handCoins,
  House as house,
  Info as info,
  Italic as italic,
  KeyRound as keyRound,
  LayoutDashboard as layoutDashboard,
  Link as link,
  Link2 as link2,
  List as list,
  ListOrdered as listOrdered,
  LoaderCircle as loaderCircle,
  LogIn as logIn,
  LogOut as logOut,
  Mail as mail,
  MapPin as mapPin,
  Megaphone as megaphone,
  Menu as menu,
  Monitor as monitor,
  Moon as moon,
  Newspaper as newspaper,
  PenLine as penLine,
  Pencil as pencil,
  Phone as phone,
  Plus as plus,
  Presentation as presentation,
  Redo2 as redo2,
  Search as search,
  Send as send,
  Settings as settings,
  Shield as shield,
  ShieldCheck as shieldCheck,
  Star as star,
  Sun as sun,
  Tags as tags,
  Trash2 as trash2,
  Undo2 as undo2,
  Upload as upload,
  UserRound as userRound,
  Users as users,
  Video as video,
  X as x,
  type IconNode,
} from 'lucide';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'dangerouslySetInnerHTML'>;
export type IconComponent = ((props: IconProps) => ReactElement) & { displayName: string };

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The icon's shapes as SVG markup: `[['path', { d: 'M5 12h14' }]]` → `<path d="M5 12h14"/>`. */
export function shapesMarkup(node: IconNode): string {
  return node
    .map(([tag, attributes]) => {
      const pairs = Object.entries(attributes)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
        .join('');
      return `<${tag}${pairs}/>`;
    })
    .join('');
}

function makeIcon(name: string, node: IconNode): IconComponent {
  const shapes = { __html: shapesMarkup(node) };
  const baseClass = `lucide lucide-${name}`;
  const Component = ({ className, ...props }: IconProps) => (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      aria-hidden="true"
      {...props}
      className={className ? `${baseClass} ${className}` : baseClass}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: constant markup built at module load from the bundled lucide icon data, attribute values escaped; no user input
      dangerouslySetInnerHTML={shapes}
    />
  );
  Component.displayName = name;
  return Component;
}

export const ArrowLeft = makeIcon('arrow-left', arrowLeft);
export const ArrowRight = makeIcon('arrow-right', arrowRight);
export const Bold = makeIcon('bold', bold);
export const BookOpen = makeIcon('book-open', bookOpen);
export const Brain = makeIcon('brain', brain);
export const Calendar = makeIcon('calendar', calendar);
export const Check = makeIcon('check', check);
export const ChevronDown = makeIcon('chevron-down', chevronDown);
export const CircleAlert = makeIcon('circle-alert', circleAlert);
export const CircleCheck = makeIcon('circle-check', circleCheck);
export const Clock = makeIcon('clock', clock);
export const Code = makeIcon('code', code);
export const Coins = makeIcon('coins', coins);
export const Copy = makeIcon('copy', copy);
export const Cpu = makeIcon('cpu', cpu);
export const Download = makeIcon('download', download);
export const ExternalLink = makeIcon('external-link', externalLink);
export const FileText = makeIcon('file-text', fileText);
export const FlaskConical = makeIcon('flask-conical', flaskConical);
export const FolderKanban = makeIcon('folder-kanban', folderKanban);
export const Globe = makeIcon('globe', globe);
export const GraduationCap = makeIcon('graduation-cap', graduationCap);
export const HandCoins = makeIcon('hand-coins', handCoins);
export const House = makeIcon('house', house);
export const Info = makeIcon('info', info);
export const Italic = makeIcon('italic', italic);
export const KeyRound = makeIcon('key-round', keyRound);
export const LayoutDashboard = makeIcon('layout-dashboard', layoutDashboard);
export const Link = makeIcon('link', link);
export const Link2 = makeIcon('link-2', link2);
export const List = makeIcon('list', list);
export const ListOrdered = makeIcon('list-ordered', listOrdered);
export const LoaderCircle = makeIcon('loader-circle', loaderCircle);
export const LogIn = makeIcon('log-in', logIn);
export const LogOut = makeIcon('log-out', logOut);
export const Mail = makeIcon('mail', mail);
export const MapPin = makeIcon('map-pin', mapPin);
export const Megaphone = makeIcon('megaphone', megaphone);
export const Menu = makeIcon('menu', menu);
export const Monitor = makeIcon('monitor', monitor);
export const Moon = makeIcon('moon', moon);
export const Newspaper = makeIcon('newspaper', newspaper);
export const PenLine = makeIcon('pen-line', penLine);
export const Pencil = makeIcon('pencil', pencil);
export const Phone = makeIcon('phone', phone);
export const Plus = makeIcon('plus', plus);
export const Presentation = makeIcon('presentation', presentation);
export const Redo2 = makeIcon('redo-2', redo2);
export const Search = makeIcon('search', search);
export const Send = makeIcon('send', send);
export const Settings = makeIcon('settings', settings);
export const Shield = makeIcon('shield', shield);
export const ShieldCheck = makeIcon('shield-check', shieldCheck);
export const Star = makeIcon('star', star);
export const Sun = makeIcon('sun', sun);
export const Tags = makeIcon('tags', tags);
export const Trash2 = makeIcon('trash-2', trash2);
export const Undo2 = makeIcon('undo-2', undo2);
export const Upload = makeIcon('upload', upload);
export const UserRound = makeIcon('user-round', userRound);
export const Users = makeIcon('users', users);
export const Video = makeIcon('video', video);
export const X = makeIcon('x', x);
