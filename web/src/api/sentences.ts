// Generated from src/content/sentences.rs by `VITA_UPDATE_TYPES=1 cargo test types`. Do not edit.

import type { Sentence } from './types';

/** The longest sentence of the owner's, in characters after trimming. */
export const MAX_SENTENCE_LENGTH = 300;
export const SENTENCE_PLAIN_TEXT = "A sentence is plain text: leave out HTML tags such as <b>";

/** Every fixed sentence of the public pages, with the words the site came with. */
export const SENTENCES = [
  {"key":"home.research_areas_intro","page":"home","label":"Under “Research Areas”","default":"The questions my group works on.","sample":false},
  {"key":"home.featured_projects_intro","page":"home","label":"Under “Featured Projects”","default":"Selected research projects and collaborations.","sample":false},
  {"key":"home.featured_publications_intro","page":"home","label":"Under “Featured Publications”","default":"Recent research contributions in hardware security and embedded systems.","sample":true},
  {"key":"about.placeholder","page":"about","label":"Until the About page is saved","default":"Detailed biography and research interests coming soon...","sample":false},
  {"key":"research.intro","page":"research","label":"Under the page's title","default":"Current research directions and the questions behind them.","sample":false},
  {"key":"research.empty","page":"research","label":"While nothing is published","default":"No research areas found. Please add some in the admin console.","sample":false},
  {"key":"publications.intro","page":"publications","label":"Under the page's title","default":"Peer-reviewed papers, articles and other scholarly work.","sample":false},
  {"key":"publications.empty","page":"publications","label":"When no publication is published or matches the filters","default":"No publications found","sample":false},
  {"key":"projects.intro","page":"projects","label":"Under the page's title","default":"Research projects, funded collaborations and software.","sample":false},
  {"key":"projects.empty","page":"projects","label":"While nothing is published","default":"No projects available yet.","sample":false},
  {"key":"teaching.intro","page":"teaching","label":"Under the page's title","default":"Courses taught, with their terms and materials.","sample":false},
  {"key":"teaching.empty","page":"teaching","label":"While nothing is published","default":"No course information available yet.","sample":false},
  {"key":"students.intro","page":"students","label":"Under the page's title","default":"Students supervised, past and present.","sample":false},
  {"key":"students.empty","page":"students","label":"While nothing is published","default":"No students information available yet.","sample":false},
  {"key":"talks.intro","page":"talks","label":"Under the page's title","default":"Invited talks, keynotes, conference presentations and seminars.","sample":false},
  {"key":"talks.empty","page":"talks","label":"While nothing is published","default":"No talks and presentations available yet.","sample":false},
  {"key":"open_calls.intro","page":"open_calls","label":"Under the page's title","default":"Current funding opportunities and collaboration calls","sample":false},
  {"key":"open_calls.empty","page":"open_calls","label":"While nothing is published","default":"No open calls available at the moment. Please check back later.","sample":false},
  {"key":"news.intro","page":"news","label":"Under the page's title","default":"Announcements, awards and updates.","sample":false},
  {"key":"news.empty","page":"news","label":"While nothing is published","default":"No news available yet.","sample":false},
  {"key":"blog.empty","page":"blog","label":"While nothing is published","default":"Blog posts and articles coming soon...","sample":false},
  {"key":"tag.intro","page":"tag","label":"Under a tag page's title","default":"Publications, projects, talks, news and blog posts with this tag.","sample":false},
  {"key":"tag.empty","page":"tag","label":"On a tag page while nothing is published with the tag","default":"Nothing published with this tag yet.","sample":false},
  {"key":"contact.placeholder","page":"contact","label":"Until the Contact page is saved","default":"Contact form and information coming soon...","sample":false},
] as const satisfies readonly Sentence[];

export type SentenceKey = (typeof SENTENCES)[number]['key'];
