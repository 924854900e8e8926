// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FileUpload, fileNameOf, type FileUploadProps } from './FileUpload';
import { domPerTest, fakeServer, type SentRequest } from '../../page-texts/testing';

const { toast } = vi.hoisted(() => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('sonner', () => ({ toast }));

const dom = domPerTest();
let requests: SentRequest[] = [];
/** What was asked of the server: 'POST /api/uploads/…'. */
const calls = () => requests.map((request) => request.call);

beforeEach(() => {
  toast.success.mockClear();
  toast.error.mockClear();
});

async function mount(props: Partial<FileUploadProps> & Pick<FileUploadProps, 'onChange'>) {
  await dom.render(<FileUpload bucket="profile-photos" label="Profile photo" value="" preview="image" {...props} />);
}

function sizedFile(name: string, size: number, type = 'image/png'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** Drops `file` on the drop zone, as a browser's drop event carries it. */
async function drop(file: File) {
  const zone = dom.container().querySelector('[data-testid="profile-photos-dropzone"]')!;
  const event = new Event('drop', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', { value: { files: [file], dropEffect: 'none' } });
  await act(async () => {
    zone.dispatchEvent(event);
  });
}

async function pick(file: File) {
  const input = dom.container().querySelector<HTMLInputElement>('input[type=file]')!;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

function button(name: string): HTMLButtonElement {
  const found = [...dom.container().querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

const STORED = {
  bucket: 'profile-photos',
  name: '17-abc.png',
  url: '/files/profile-photos/17-abc.png',
  content_type: 'image/png',
  size: 10,
};

describe('FileUpload', () => {
  it('refuses a file over the limit before sending it', async () => {
    requests = fakeServer();
    const onChange = vi.fn(async () => {});
    await mount({ onChange });
    await pick(sizedFile('big.png', 5 * 1024 * 1024 + 1));
    expect(toast.error).toHaveBeenCalledWith('File too large', { description: 'File size must be less than 5MB' });
    expect(calls()).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('uploads a dropped file and stores its URL', async () => {
    requests = fakeServer({ status: 201, body: STORED });
    const onChange = vi.fn(async () => {});
    await mount({ onChange });
    await drop(sizedFile('me.png', 1000));
    expect(calls()).toEqual(['POST /api/uploads/profile-photos?filename=me.png']);
    expect(onChange).toHaveBeenCalledWith('/files/profile-photos/17-abc.png');
    expect(toast.success).toHaveBeenCalledWith('Success', { description: 'Profile photo uploaded successfully' });
  });

  it("shows the server's refusal, or the fall-back when it gave no reason", async () => {
    requests = fakeServer(
      {
        status: 415,
        body: {
          error: { code: 'unsupported_media_type', message: 'Only JPEG, PNG, WebP or GIF images can be uploaded as a profile photo' },
        },
      },
      { status: 502 },
    );
    const onChange = vi.fn(async () => {});
    await mount({ onChange });
    await pick(sizedFile('fake.png', 10));
    expect(toast.error).toHaveBeenLastCalledWith('Upload failed', {
      description: 'Only JPEG, PNG, WebP or GIF images can be uploaded as a profile photo',
    });
    await pick(sizedFile('again.png', 10));
    expect(toast.error).toHaveBeenLastCalledWith('Upload failed', { description: 'Failed to upload file' });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('deletes the uploaded object again when its URL could not be stored', async () => {
    requests = fakeServer({ status: 201, body: STORED }, { status: 204 });
    await mount({ onChange: vi.fn(async () => Promise.reject(new Error('not stored'))) });
    await pick(sizedFile('me.png', 10));
    expect(calls()).toEqual(['POST /api/uploads/profile-photos?filename=me.png', 'DELETE /api/uploads/profile-photos/17-abc.png']);
    expect(toast.error).toHaveBeenCalledWith('Upload failed', { description: 'Failed to upload file' });
  });

  it('removes an uploaded file, then clears the field', async () => {
    requests = fakeServer({ status: 204 });
    const onChange = vi.fn(async () => {});
    await mount({ onChange, value: '/files/profile-photos/17-abc.png' });
    expect(dom.container().querySelector('img')?.getAttribute('src')).toBe('/files/profile-photos/17-abc.png');
    await act(async () => button('Remove').click());
    expect(calls()).toEqual(['DELETE /api/uploads/profile-photos/17-abc.png']);
    expect(onChange).toHaveBeenCalledWith('');
    expect(toast.success).toHaveBeenCalledWith('Success', { description: 'Profile photo removed successfully' });
  });

  it('only clears a link that is not an uploaded file', async () => {
    requests = fakeServer();
    const onChange = vi.fn(async () => {});
    await mount({ onChange, value: '/profile-placeholder.svg' });
    await act(async () => button('Remove').click());
    expect(calls()).toEqual([]);
    expect(onChange).toHaveBeenCalledWith('');
  });

  it('keeps the field when the delete fails', async () => {
    requests = fakeServer({ status: 500, body: { error: { code: 'internal', message: 'disk full' } } });
    const onChange = vi.fn(async () => {});
    await mount({ onChange, value: '/files/profile-photos/17-abc.png' });
    await act(async () => button('Remove').click());
    expect(onChange).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('Remove failed', { description: 'Failed to remove file' });
  });

  it("saved with its form (a paper's PDF), Remove only clears the field: the saved row still points at the file", async () => {
    requests = fakeServer();
    const onChange = vi.fn(async () => {});
    const value = '/files/paper-pdfs/17-abc.pdf';
    await mount({ onChange, bucket: 'paper-pdfs', label: 'Paper PDF', preview: 'file', value, saved: 'with-form' });
    expect(dom.container().textContent).toContain('PDF file, up to 50 MB. Saved with the rest of the form.');
    await act(async () => button('Remove').click());
    expect(calls()).toEqual([]);
    expect(onChange).toHaveBeenCalledWith('');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('shows a CV as a link named by its file', async () => {
    await mount({ onChange: vi.fn(async () => {}), bucket: 'cv-files', label: 'CV', preview: 'file', value: '/files/cv-files/17-abc.pdf' });
    const link = dom.container().querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/files/cv-files/17-abc.pdf');
    expect(link.textContent).toContain('17-abc.pdf');
    expect(fileNameOf('https://example.org/My%20CV.pdf?x=1')).toBe('My CV.pdf');
  });
});
