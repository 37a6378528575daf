from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = None

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_entries = resolve('entries')
    try:
        t_1 = environment.filters['decimal']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'decimal' found.")
    try:
        t_2 = environment.filters['dictsort']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'dictsort' found.")
    try:
        t_3 = environment.filters['w3c']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'w3c' found.")
    try:
        t_4 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    for l_1_entry in (undefined(name='entries') if l_0_entries is missing else l_0_entries):
        _loop_vars = {}
        pass
        yield '<url>\n  <loc>'
        yield (_v if (_v := l_1_entry.loc).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
        yield '</loc>\n'
        if l_1_entry.lastmod:
            pass
            yield '  <lastmod>'
            yield t_3(l_1_entry.lastmod)
            yield '</lastmod>\n'
        if l_1_entry.changefreq:
            pass
            yield '  <changefreq>'
            yield (_v if (_v := l_1_entry.changefreq).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
            yield '</changefreq>\n'
        if (not (l_1_entry.priority is None)):
            pass
            yield '  <priority>'
            yield t_1(l_1_entry.priority)
            yield '</priority>\n'
        for (l_2_hreflang, l_2_href) in t_2(l_1_entry.alternates):
            _loop_vars = {}
            pass
            yield '  <xhtml:link rel="alternate" hreflang="'
            yield (_v if (_v := l_2_hreflang).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
            yield '" href="'
            yield (_v if (_v := l_2_href).__class__ is str and not environment.needs_escape(_v) else environment.finalize(_v))
            yield '"/>\n'
        l_2_hreflang = l_2_href = missing
        yield '</url>\n\x00'
    l_1_entry = missing

blocks = {}
debug_info = '1=36&2=40&3=42&4=45&6=47&7=50&9=52&10=55&12=57&13=61'
# url.xml's chunk of ['xhtml']: made by `python3 dev.py templates` with Jinja 3.1.6; do not edit.
