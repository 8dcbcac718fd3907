import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INSERT_HORIZONTAL_RULE_COMMAND } from '@lexical/react/LexicalHorizontalRuleNode';
import { $createTextNode, $getRoot, $isTextNode, type LexicalEditor, type ParagraphNode } from 'lexical';
import { createRef } from 'react';
import { ToastProvider } from '@/components/ui/toast';
import { RichTextEditor } from '@/components/editor/rich-text-editor';
import { INSERT_IMAGE_COMMAND } from '@/components/editor/image-plugin';
import { FOREIGN_IMAGES_LEFT_OUT } from '@/lib/jobs/editor-rules';
import { isEditorStateJson, isHttpUrl } from '@/components/editor/text';

// jsdom has no layout: Lexical asks ranges for rectangles when it scrolls the caret into view.
beforeAll(() => {
  Range.prototype.getBoundingClientRect = () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) });
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
});

const HELLO = JSON.stringify({
  root: {
    type: 'root',
    version: 1,
    direction: null,
    format: '',
    indent: 0,
    children: [
      {
        type: 'paragraph',
        version: 1,
        direction: null,
        format: '',
        indent: 0,
        textFormat: 0,
        textStyle: '',
        children: [{ type: 'text', version: 1, text: 'Hello drivers', format: 0, style: '', mode: 'normal', detail: 0 }],
      },
    ],
  },
});

function setup(onChange = jest.fn()) {
  const editorRef = createRef<LexicalEditor | null>() as React.MutableRefObject<LexicalEditor | null>;
  render(
    <ToastProvider>
      <RichTextEditor value={HELLO} onChange={onChange} aria-label="Job description" editorRef={editorRef} />
    </ToastProvider>,
  );
  return { editorRef, onChange };
}

/** Selects the first `length` characters of the first text node. */
async function selectFirstWord(editor: LexicalEditor, length = 5) {
  await act(async () => {
    editor.update(
      () => {
        const text = $getRoot().getAllTextNodes()[0];
        text.select(0, length);
      },
      { discrete: true },
    );
  });
}

describe('RichTextEditor', () => {
  it('renders the toolbar with pressed states off and the initial content', async () => {
    const { editorRef } = setup();
    await waitFor(() => expect(editorRef.current).not.toBeNull());
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeInTheDocument();
    for (const name of ['Bold', 'Italic', 'Underline', 'Bulleted list', 'Numbered list', 'Link']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(screen.getByLabelText('Job description')).toHaveTextContent('Hello drivers');
  });

  it('toggles bold on the selection, reports aria-pressed and emits Lexical JSON', async () => {
    const { editorRef, onChange } = setup();
    await waitFor(() => expect(editorRef.current).not.toBeNull());
    const editor = editorRef.current!;
    await selectFirstWord(editor);
    const bold = screen.getByRole('button', { name: 'Bold' });
    fireEvent.click(bold);
    await waitFor(() => expect(bold).toHaveAttribute('aria-pressed', 'true'));

    expect(onChange).toHaveBeenCalled();
    const [json, text] = onChange.mock.calls.at(-1)!;
    expect(isEditorStateJson(json)).toBe(true);
    expect(text).toBe('Hello drivers');
    const paragraph = JSON.parse(json).root.children[0];
    expect(paragraph.children[0]).toMatchObject({ type: 'text', text: 'Hello', format: 1 });
    expect(paragraph.children[1]).toMatchObject({ type: 'text', text: ' drivers', format: 0 });

    // The same button turns it off again.
    await selectFirstWord(editor);
    fireEvent.click(bold);
    await waitFor(() => expect(bold).toHaveAttribute('aria-pressed', 'false'));
    editor.getEditorState().read(() => {
      const first = $getRoot().getAllTextNodes()[0];
      expect($isTextNode(first) && first.hasFormat('bold')).toBe(false);
    });
  });

  it('turns the paragraph into a bulleted list and back', async () => {
    const { editorRef, onChange } = setup();
    await waitFor(() => expect(editorRef.current).not.toBeNull());
    await selectFirstWord(editorRef.current!);
    const bullets = screen.getByRole('button', { name: 'Bulleted list' });
    fireEvent.click(bullets);
    await waitFor(() => expect(bullets).toHaveAttribute('aria-pressed', 'true'));
    const list = JSON.parse(onChange.mock.calls.at(-1)![0]).root.children[0];
    expect(list).toMatchObject({ type: 'list', listType: 'bullet' });
    fireEvent.click(bullets);
    await waitFor(() => expect(bullets).toHaveAttribute('aria-pressed', 'false'));
  });

  it('undoes a change with the Undo button', async () => {
    const { editorRef } = setup();
    await waitFor(() => expect(editorRef.current).not.toBeNull());
    await selectFirstWord(editorRef.current!);
    fireEvent.click(screen.getByRole('button', { name: 'Italic' }));
    const undo = screen.getByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toBeEnabled());
    fireEvent.click(undo);
    await waitFor(() =>
      editorRef.current!.getEditorState().read(() => expect($getRoot().getAllTextNodes()[0].hasFormat('italic')).toBe(false)),
    );
  });

  it('refuses a link that is not http(s) in the link dialog, then applies a valid one', async () => {
    const { editorRef, onChange } = setup();
    await waitFor(() => expect(editorRef.current).not.toBeNull());
    await selectFirstWord(editorRef.current!);
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const input = await screen.findByLabelText('Link address');
    await userEvent.clear(input);
    await userEvent.type(input, 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Insert link' }));
    expect(await screen.findByText('Enter a valid link starting with http:// or https://')).toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.type(input, 'https://example.com/jobs');
    await userEvent.click(screen.getByRole('button', { name: 'Insert link' }));
    await waitFor(() => expect(screen.queryByLabelText('Link address')).not.toBeInTheDocument());
    await waitFor(() => {
      const paragraph = JSON.parse(onChange.mock.calls.at(-1)![0]).root.children[0];
      expect(paragraph.children[0]).toMatchObject({ type: 'link', url: 'https://example.com/jobs' });
    });
  });
});

describe('RichTextEditor given a blank value', () => {
  function blank(onChange = jest.fn()) {
    const editorRef = createRef<LexicalEditor | null>() as React.MutableRefObject<LexicalEditor | null>;
    render(
      <ToastProvider>
        <RichTextEditor value="" onChange={onChange} aria-label="Job description" editorRef={editorRef} />
      </ToastProvider>,
    );
    return { editorRef, onChange };
  }

  // In Chromium the editor's own empty paragraph used to be reported as an edit (jsdom never emits
  // it; e2e/jobs.spec.ts "opening the wizard writes no draft" covers that). These two keep the
  // quiet blank from swallowing real first edits.
  it('reports text written into a blank editor', async () => {
    const { editorRef, onChange } = blank();
    await waitFor(() => expect(editorRef.current).not.toBeNull());
    await act(async () => {
      editorRef.current!.update(() => $getRoot().getFirstChildOrThrow<ParagraphNode>().append($createTextNode('Home weekly')), { discrete: true });
    });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls.at(-1)![1]).toBe('Home weekly');
  });

  it('reports content without text (a horizontal rule) as a change', async () => {
    const { editorRef, onChange } = blank();
    await waitFor(() => expect(editorRef.current).not.toBeNull());
    await act(async () => {
      editorRef.current!.update(() => $getRoot().getFirstChildOrThrow().selectStart(), { discrete: true });
    });
    await act(async () => {
      editorRef.current!.dispatchCommand(INSERT_HORIZONTAL_RULE_COMMAND, undefined);
    });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(JSON.parse(onChange.mock.calls.at(-1)![0]).root.children.map((c: { type: string }) => c.type)).toContain('horizontalrule');
  });
});

describe('RichTextEditor with a stored HTML description', () => {
  it('imports the HTML as paragraphs, marks and lists', async () => {
    const editorRef = createRef<LexicalEditor | null>() as React.MutableRefObject<LexicalEditor | null>;
    render(
      <ToastProvider>
        <RichTextEditor value="<p>Home <strong>weekly</strong></p><ul><li>Dry van</li></ul>" aria-label="Job description" editorRef={editorRef} />
      </ToastProvider>,
    );
    await waitFor(() => expect(editorRef.current).not.toBeNull());
    const json = editorRef.current!.getEditorState().toJSON();
    expect(json.root.children.map((c) => c.type)).toEqual(['paragraph', 'list']);
    expect(screen.getByLabelText('Job description').querySelector('strong, b, .font-semibold')).toHaveTextContent('weekly');
  });
});

describe('images from other sites', () => {
  const images = (editor: LexicalEditor) => editor.getEditorState().read(() => $getRoot().getChildren().flatMap((p) => (p as ParagraphNode).getChildren?.() ?? []).filter((n) => n.getType() === 'image').map((n) => (n as unknown as { getSrc(): string }).getSrc()));

  it('are left out with a notice (they would show broken, and the server refuses them); the site\'s own are kept', async () => {
    const { editorRef } = setup();
    await waitFor(() => expect(editorRef.current).not.toBeNull());
    const editor = editorRef.current!;
    await act(async () => {
      editor.update(() => $getRoot().selectEnd(), { discrete: true });
      editor.dispatchCommand(INSERT_IMAGE_COMMAND, { src: '/api/v1.0/news/images/a.webp', altText: 'ours' });
    });
    expect(images(editor)).toEqual(['/api/v1.0/news/images/a.webp']);
    expect(screen.queryByText(FOREIGN_IMAGES_LEFT_OUT)).not.toBeInTheDocument();
    for (const src of ['https://cdn.example.com/truck.jpg', '//cdn.example.com/a.png']) {
      await act(async () => {
        editor.update(() => $getRoot().selectEnd(), { discrete: true });
        editor.dispatchCommand(INSERT_IMAGE_COMMAND, { src, altText: 'theirs' });
      });
    }
    expect(images(editor)).toEqual(['/api/v1.0/news/images/a.webp']);
    expect(await screen.findByRole('alert')).toHaveTextContent(FOREIGN_IMAGES_LEFT_OUT);
  });
});

describe('editor helpers', () => {
  it('accepts only http(s) URLs', () => {
    expect(isHttpUrl('https://example.com')).toBe(true);
    expect(isHttpUrl('http://a.b/c?d=1')).toBe(true);
    expect(isHttpUrl('ftp://example.com')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('example.com')).toBe(false);
  });
});
