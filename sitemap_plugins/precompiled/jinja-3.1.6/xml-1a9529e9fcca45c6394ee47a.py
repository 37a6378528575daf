from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'sitemapindex.xml'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_stylesheet = resolve('stylesheet')
    l_0_generator = resolve('generator')
    l_0_schema_location = resolve('schema_location')
    l_0_sitemaps = resolve('sitemaps')
    try:
        t_1 = environment.filters['w3c']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'w3c' found.")
    pass
    yield '<?xml version="1.0" encoding="UTF-8"?>\n'
    if (undefined(name='stylesheet') if l_0_stylesheet is missing else l_0_stylesheet):
        pass
        yield '<?xml-stylesheet type="text/xsl" href="'
        yield str(environment.finalize((undefined(name='stylesheet') if l_0_stylesheet is missing else l_0_stylesheet)))
        yield '"?>\n'
    yield '<!-- '
    yield str(environment.finalize((undefined(name='generator') if l_0_generator is missing else l_0_generator)))
    yield ' -->\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
    if (undefined(name='schema_location') if l_0_schema_location is missing else l_0_schema_location):
        pass
        yield ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="'
        yield str(environment.finalize((undefined(name='schema_location') if l_0_schema_location is missing else l_0_schema_location)))
        yield '"'
    yield '>\n'
    for l_1_sitemap in (undefined(name='sitemaps') if l_0_sitemaps is missing else l_0_sitemaps):
        _loop_vars = {}
        pass
        yield '  <sitemap>\n    <loc>'
        yield str(environment.finalize(environment.getattr(l_1_sitemap, 'loc')))
        yield '</loc>\n'
        if environment.getattr(l_1_sitemap, 'lastmod'):
            pass
            yield '    <lastmod>'
            yield str(environment.finalize(t_1(environment.getattr(l_1_sitemap, 'lastmod'))))
            yield '</lastmod>\n'
        yield '  </sitemap>\n'
    l_1_sitemap = missing
    yield '</sitemapindex>\n'

blocks = {}
debug_info = '3=22&4=25&6=28&8=30&9=33&11=36&13=40&14=42&15=45'
# sitemapindex.xml: made by `python3 dev.py templates` with Jinja 3.1.6; do not edit.
