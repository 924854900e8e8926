/** The admin's content sections: dashboard cards (and, later, navigation). */
import {
  BookOpen,
  Coins,
  FileText,
  FlaskConical,
  FolderKanban,
  Globe,
  GraduationCap,
  HandCoins,
  House,
  Info,
  Mail,
  Megaphone,
  Newspaper,
  PenLine,
  Presentation,
  Settings,
  Star,
  Tags,
  Upload,
  type IconComponent,
} from '../components/icons';

export type AdminSection = {
  path: string;
  title: string;
  description: string;
  icon: IconComponent;
};

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    path: '/admin/homepage',
    title: 'Homepage',
    description: 'Edit the hero section and the statistics shown on the home page.',
    icon: House,
  },
  {
    path: '/admin/about',
    title: 'About',
    description: 'Edit your biography, background and research interests.',
    icon: Info,
  },
  {
    path: '/admin/contact',
    title: 'Contact',
    description: 'Edit your office address, e-mail, phone and office hours.',
    icon: Mail,
  },
  {
    path: '/admin/publications',
    title: 'Publications',
    description: 'Add, edit and feature papers, with authors, venue and DOI.',
    icon: BookOpen,
  },
  {
    path: '/admin/projects',
    title: 'Projects',
    description: 'Manage research projects, collaborators and funding.',
    icon: FolderKanban,
  },
  {
    path: '/admin/research-areas',
    title: 'Research Areas',
    description: 'Describe your research areas and set their order.',
    icon: FlaskConical,
  },
  {
    path: '/admin/students',
    title: 'Students',
    description: 'Manage current students and alumni.',
    icon: GraduationCap,
  },
  {
    path: '/admin/courses',
    title: 'Courses',
    description: 'Manage the courses you teach, by year and term.',
    icon: Presentation,
  },
  {
    path: '/admin/talks',
    title: 'Talks',
    description: 'Manage invited talks, keynotes and presentations.',
    icon: Megaphone,
  },
  {
    path: '/admin/news',
    title: 'News',
    description: 'Post news items and announcements.',
    icon: Newspaper,
  },
  {
    path: '/admin/blog',
    title: 'Blog',
    description: 'Write blog posts and articles.',
    icon: PenLine,
  },
  {
    path: '/admin/tags',
    title: 'Tags',
    description: 'Create colored tags to organize your content.',
    icon: Tags,
  },
  {
    path: '/admin/open-calls',
    title: 'Open Calls',
    description: 'Publish funding opportunities and collaboration calls.',
    icon: HandCoins,
  },
];

/** The sections only the CV has (issue 28), shown with the others on /cv. */
export const CV_SECTIONS: readonly AdminSection[] = [
  {
    path: '/admin/cv-appointments',
    title: 'CV: Appointments',
    description: 'Positions held, from a year to a year or to the present.',
    icon: FileText,
  },
  {
    path: '/admin/cv-education',
    title: 'CV: Education',
    description: 'Degrees, with field, thesis title and advisor.',
    icon: GraduationCap,
  },
  {
    path: '/admin/cv-awards',
    title: 'CV: Awards and Honours',
    description: 'Awards and honours, with the awarding body and year.',
    icon: Star,
  },
  { path: '/admin/cv-grants', title: 'CV: Grants and Funding', description: 'Grants, with funder, role, amount and years.', icon: Coins },
  { path: '/admin/cv-service', title: 'CV: Service', description: 'Committees, editorial boards and reviewing.', icon: Megaphone },
  { path: '/admin/cv-other', title: 'CV: Other Sections', description: 'Free sections of the CV in rich text.', icon: PenLine },
];

/** Site-wide options (analytics script, students' visibility): a card after the content sections. */
export const SITE_SETTINGS_SECTION: AdminSection = {
  path: '/admin/settings',
  title: 'Site Settings',
  description: 'Set the analytics script of the home page and who sees the student list.',
  icon: Settings,
};

/** Who reads what (issue 43): counted by the server, no cookie, no script. */
export const STATISTICS_SECTION: AdminSection = {
  path: '/admin/statistics',
  title: 'Statistics',
  description: 'Page views, visitors, PDF downloads, sources and feed subscribers.',
  icon: Globe,
};

/** The texts in other languages (issue 45): what is untranslated or outdated, per language. */
export const TRANSLATIONS_SECTION: AdminSection = {
  path: '/admin/translations',
  title: 'Translations',
  description: 'Translate your texts into other languages, and review those whose source changed.',
  icon: Globe,
};

/** A whole al-folio, Hugo Blox or academicpages site brought in from its archive (issue 42). */
export const SITE_IMPORT_SECTION: AdminSection = {
  path: '/admin/import-site',
  title: 'Import a site',
  description: 'Bring in an al-folio, Hugo Blox or academicpages site from its .zip, with a preview first.',
  icon: Upload,
};

/** Every card of the dashboard, in order. */
export const DASHBOARD_CARDS: readonly AdminSection[] = [
  ...ADMIN_SECTIONS,
  ...CV_SECTIONS,
  TRANSLATIONS_SECTION,
  STATISTICS_SECTION,
  SITE_IMPORT_SECTION,
  SITE_SETTINGS_SECTION,
];
