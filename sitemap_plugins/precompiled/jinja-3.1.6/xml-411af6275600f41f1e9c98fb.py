from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'urlset.xml'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_stylesheet = resolve('stylesheet')
    l_0_generator = resolve('generator')
    l_0_schema_location = resolve('schema_location')
    l_0_urls = resolve('urls')
    pass
    yield '<?xml version="1.0" encoding="UTF-8"?>\n'
    if (undefined(name='stylesheet') if l_0_stylesheet is missing else l_0_stylesheet):
        pass
        yield '<?xml-stylesheet type="text/xsl" href="'
        yield str(environment.finalize((undefined(name='stylesheet') if l_0_stylesheet is missing else l_0_stylesheet)))
        yield '"?>\n'
    yield '<!-- '
    yield str(environment.finalize((undefined(name='generator') if l_0_generator is missing else l_0_generator)))
    yield ' -->\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
    yield from context.blocks['namespaces'][0](context)
    if (undefined(name='schema_location') if l_0_schema_location is missing else l_0_schema_location):
        pass
        yield ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="'
        yield str(environment.finalize((undefined(name='schema_location') if l_0_schema_location is missing else l_0_schema_location)))
        yield '"'
    yield '>\n'
    for l_1_url in (undefined(name='urls') if l_0_urls is missing else l_0_urls):
        _loop_vars = {}
        pass
        yield str(environment.finalize(l_1_url))
    l_1_url = missing
    yield '</urlset>\n'

def block_namespaces(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    _block_vars = {}
    l_0_namespaces = resolve('namespaces')
    try:
        t_1 = environment.filters['dictsort']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'dictsort' found.")
    pass
    for (l_1_prefix, l_1_uri) in t_1((undefined(name='namespaces') if l_0_namespaces is missing else l_0_namespaces)):
        _loop_vars = {}
        pass
        yield ' xmlns:'
        yield str(environment.finalize(l_1_prefix))
        yield '="'
        yield str(environment.finalize(l_1_uri))
        yield '"'
    l_1_prefix = l_1_uri = missing

blocks = {'namespaces': block_namespaces}
debug_info = '7=16&8=19&10=22&12=24&15=25&16=28&18=31&12=38&13=53'
# urlset.xml: made by `python3 dev.py templates` with Jinja 3.1.6; do not edit.
