/** The heading of an account screen, matching the login screen's. */
export function AuthHeading({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      {children && <div className="mt-2 text-sm leading-relaxed text-slate-500">{children}</div>}
    </div>
  );
}
