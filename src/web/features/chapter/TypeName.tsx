/** 'Drinking Liberally' in the type's colour (a CSS variable, which the CSP allows). */
export function TypeName({ type, suffix }: { type: { id: number; name: string }; suffix: string }) {
  return (
    <span className={`chapter-type-name chapter-type-${type.id}`}>
      {type.name} {suffix}
    </span>
  );
}
