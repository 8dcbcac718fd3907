import { clsx } from 'clsx';
import { Fragment, type ReactNode } from 'react';
import { RTE } from './classes';
import { isEditorStateJson } from './text';

type Node = {
  type?: string;
  text?: string;
  format?: number | string;
  listType?: string;
  tag?: string;
  url?: string;
  children?: Node[];
};

const BOLD = 1;
const ITALIC = 2;
const STRIKE = 4;
const UNDERLINE = 8;

/**
 * Read-only rendering of editor content (server or client, no Lexical shipped). It walks the JSON
 * and builds React elements, so nothing in it is ever injected as HTML. Plain text is shown as is.
 */
export function RichTextView({ value, className }: { value: string | null | undefined; className?: string }) {
  if (!value) return null;
  if (!isEditorStateJson(value)) return <div className={clsx('whitespace-pre-line', className)}>{value}</div>;
  const root = (JSON.parse(value) as { root: Node }).root;
  return <div className={className}>{renderChildren(root.children)}</div>;
}

function renderChildren(children: Node[] | undefined): ReactNode {
  return (children ?? []).map((child, i) => <Fragment key={i}>{renderNode(child)}</Fragment>);
}

function renderNode(node: Node): ReactNode {
  switch (node.type) {
    case 'paragraph':
      return <p className={RTE.p}>{node.children?.length ? renderChildren(node.children) : <br />}</p>;
    case 'heading':
      return <p className={clsx(RTE.p, RTE.bold)}>{renderChildren(node.children)}</p>;
    case 'list':
      return node.listType === 'number' ? <ol className={RTE.ol}>{renderChildren(node.children)}</ol> : <ul className={RTE.ul}>{renderChildren(node.children)}</ul>;
    case 'listitem': {
      const nestedOnly = node.children?.length === 1 && node.children[0].type === 'list';
      return <li className={clsx(RTE.li, nestedOnly && RTE.nestedLi)}>{renderChildren(node.children)}</li>;
    }
    case 'link':
    case 'autolink':
      return safeHref(node.url) ? (
        <a href={node.url} target="_blank" rel="noopener noreferrer nofollow" className={RTE.link}>
          {renderChildren(node.children)}
        </a>
      ) : (
        renderChildren(node.children)
      );
    case 'linebreak':
      return <br />;
    case 'text':
      return renderText(node);
    default:
      return renderChildren(node.children);
  }
}

function renderText(node: Node): ReactNode {
  const f = typeof node.format === 'number' ? node.format : 0;
  let out: ReactNode = node.text ?? '';
  if (f & BOLD) out = <strong className={RTE.bold}>{out}</strong>;
  if (f & ITALIC) out = <em>{out}</em>;
  if (f & UNDERLINE) out = <u>{out}</u>;
  if (f & STRIKE) out = <s>{out}</s>;
  return out;
}

function safeHref(url: string | undefined) {
  return !!url && /^https?:\/\//i.test(url);
}
