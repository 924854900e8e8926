/** What the server renders, checked against the source with React's
 *  development build (which also reports React warnings). */
import { describe, expect, it } from 'vitest';
import { failOnConsoleNoise } from '../testing/console';
import type { RenderInput } from '../api/types';
import { emptyInputs, filledInputs, homeInput, notFoundInput, SITE } from '../testing/fixtures';
import { render } from './render';
import { wholeTreeMarkup } from './whole-tree';

failOnConsoleNoise();

describe('render: home', () => {
  it('renders the hero', () => {
    const { body } = render(homeInput());
    expect(body).toMatch(/<h1[^>]*>Dr\. Jane Doe<\/h1>/);
    expect(body.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(body).toContain('Associate Professor');
    expect(body).toContain('Department of Computer Science, Example University');
    expect(body).toContain('I work on hardware security');
    expect(body).toMatch(/<a [^>]*href="\/publications"[^>]*>.*?View Publications<\/a>/);
    expect(body).toMatch(/<a [^>]*href="\/contact"[^>]*>.*?Contact Me<\/a>/);
    expect(body).toMatch(/<img [^>]*alt="Portrait of Dr\. Jane Doe"/);
    expect(body).toMatch(/<img [^>]*width="288"[^>]*height="288"/);
    expect(body).toContain('<main id="main"');
    expect(body).toContain('Scroll down');
  });

  it('leaves out Google Scholar and Download CV when their URLs are empty', () => {
    const { body } = render(homeInput());
    expect(body).not.toContain('Google Scholar');
    expect(body).not.toContain('Download CV');
  });

  it('shows Google Scholar and Download CV when set, opening in a new tab', () => {
    const { body } = render(homeInput({ google_scholar_url: 'https://scholar.example.com/jane', cv_url: '/files/cv.pdf' }));
    expect(body).toMatch(
      /<a [^>]*href="https:\/\/scholar\.example\.com\/jane"[^>]*target="_blank"[^>]*rel="noopener noreferrer"[^>]*>.*?Google Scholar<\/a>/,
    );
    expect(body).toMatch(/<a [^>]*href="\/files\/cv\.pdf"[^>]*target="_blank"[^>]*rel="noopener noreferrer"[^>]*>.*?Download CV<\/a>/);
  });

  it('shows the initials instead of a broken image when no profile image is set', () => {
    const { body } = render(homeInput({ profile_image_url: '' }));
    expect(body).not.toContain('<img');
  });

  it('renders the navigation bar with the current route marked', () => {
    const { body } = render(homeInput());
    const links = [...body.matchAll(/<a [^>]*href="(\/[a-z-]*)"[^>]*>([^<]+)<\/a>/g)].map((m) => `${m[1]} ${m[2]}`);
    for (const link of [
      '/ Home',
      '/about About',
      '/research Research',
      '/publications Selected Publications',
      '/projects Projects',
      '/teaching Teaching',
      '/students Students',
      '/talks Talks',
      '/open-calls Open Calls',
      '/blog Blog',
      '/contact Contact',
      '/admin Admin',
    ]) {
      expect(links).toContain(link);
    }
    // Once in the desktop list, once in the mobile list.
    expect(body.match(/aria-current="page"/g)).toHaveLength(2);
    expect(body).toMatch(/<a [^>]*href="\/"[^>]*aria-current="page"[^>]*>Home<\/a>/);
    expect(body).toMatch(/aria-controls="site-mobile-nav"/);
    expect(body).toMatch(/aria-expanded="false"/);
    expect(body).toContain('>JD</span>');
  });

  it('builds the head: title, description and canonical URL', () => {
    const { head } = render(homeInput());
    expect(head).toContain('<title>Home — Dr. Jane Doe</title>');
    expect(head).toContain('<meta name="description" content="I work on hardware security, embedded systems and AI-driven verification.">');
    expect(head).toContain('<link rel="canonical" href="https://jane.example.org/">');
  });

  it('escapes every value written into the head', () => {
    const base = homeInput({ bio: `It's <b>bold</b> & "quoted"` });
    const input: RenderInput = {
      ...base,
      path: '/?q="><script>',
      site: { ...SITE, owner_name: 'Jane <Doe> & "Co"', base_url: 'https://jane.example.org/' },
    };
    const { head } = render(input);
    expect(head).toContain('<title>Home — Jane &lt;Doe&gt; &amp; &quot;Co&quot;</title>');
    expect(head).toContain('content="It&#39;s &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;"');
    expect(head).toContain('href="https://jane.example.org/?q=&quot;&gt;&lt;script&gt;"');
    expect(head).not.toContain('<script');
  });
});

describe('render: not found', () => {
  it('renders the 404 page, not indexable', () => {
    const { head, body } = render(notFoundInput());
    expect(body).toContain('404');
    expect(body).toMatch(/<h1[^>]*>Oops! Page not found<\/h1>/);
    expect(body).toMatch(/<a [^>]*href="\/"[^>]*>.*?Return to Home<\/a>/);
    expect(body).not.toContain('aria-current="page"');
    expect(head).toContain(`<title>Page not found — ${SITE.owner_name}</title>`);
    expect(head).toContain('<meta name="robots" content="noindex">');
    expect(head).not.toContain('canonical');
    expect(head).not.toContain('og:'); // a page that is not there has no card to share
  });
});

describe('render: the frame rendered once per path', () => {
  const inputs = [...filledInputs(), ...emptyInputs(), notFoundInput(), notFoundInput('/another/missing/page')];

  it.each(inputs.map((input) => [input.path, input] as const))(
    '%s: the page is the markup of the whole tree, on the first render and from the cached frame',
    (_, input) => {
      const expected = wholeTreeMarkup(input);
      expect(render(input).body).toBe(expected);
      expect(render(input).body).toBe(expected);
    },
  );

  it('a new owner name or another path gets its own frame', () => {
    const input = homeInput();
    render(input);
    const renamed: RenderInput = { ...input, site: { ...SITE, owner_name: 'Prof. Ann Lee' } };
    expect(render(renamed).body).toBe(wholeTreeMarkup(renamed));
    expect(render(renamed).body).toContain('>AL</span>');
    const elsewhere: RenderInput = { ...input, path: '/about' };
    expect(render(elsewhere).body).toMatch(/<a [^>]*href="\/about"[^>]*aria-current="page"/);
  });
});
