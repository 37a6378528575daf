from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'url.xml'

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_entry = resolve('entry')
    try:
        t_1 = environment.filters['decimal']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'decimal' found.")
    try:
        t_2 = environment.filters['w3c']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'w3c' found.")
    try:
        t_3 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    yield '<url>\n  <loc>'
    yield str(environment.finalize(environment.getattr((undefined(name='entry') if l_0_entry is missing else l_0_entry), 'loc')))
    yield '</loc>\n'
    if environment.getattr((undefined(name='entry') if l_0_entry is missing else l_0_entry), 'lastmod'):
        pass
        yield '  <lastmod>'
        yield str(environment.finalize(t_2(environment.getattr((undefined(name='entry') if l_0_entry is missing else l_0_entry), 'lastmod'))))
        yield '</lastmod>\n'
    if environment.getattr((undefined(name='entry') if l_0_entry is missing else l_0_entry), 'changefreq'):
        pass
        yield '  <changefreq>'
        yield str(environment.finalize(environment.getattr((undefined(name='entry') if l_0_entry is missing else l_0_entry), 'changefreq')))
        yield '</changefreq>\n'
    if (not t_3(environment.getattr((undefined(name='entry') if l_0_entry is missing else l_0_entry), 'priority'))):
        pass
        yield '  <priority>'
        yield str(environment.finalize(t_1(environment.getattr((undefined(name='entry') if l_0_entry is missing else l_0_entry), 'priority'))))
        yield '</priority>\n'
    yield from context.blocks['extensions'][0](context)
    yield '</url>\n'

def block_extensions(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    _block_vars = {}
    pass
    yield from context.blocks['images'][0](context)
    yield from context.blocks['videos'][0](context)
    yield from context.blocks['news'][0](context)
    yield from context.blocks['alternates'][0](context)

def block_images(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    _block_vars = {}
    l_0_entry = resolve('entry')
    pass
    for l_1_image in environment.getattr((undefined(name='entry') if l_0_entry is missing else l_0_entry), 'images'):
        _loop_vars = {}
        pass
        yield '  <image:image>\n    <image:loc>'
        yield str(environment.finalize(environment.getattr(l_1_image, 'loc')))
        yield '</image:loc>\n  </image:image>\n'
    l_1_image = missing

def block_videos(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    _block_vars = {}
    l_0_entry = resolve('entry')
    pass
    l_1_loop = missing
    for l_1_video, l_1_loop in LoopContext(environment.getattr((undefined(name='entry') if l_0_entry is missing else l_0_entry), 'videos'), undefined):
        _loop_vars = {}
        pass
        yield '  <video:video>\n    <video:thumbnail_loc>'
        yield str(environment.finalize(environment.getattr(l_1_video, 'thumbnail_loc')))
        yield '</video:thumbnail_loc>\n    <video:title>'
        yield str(environment.finalize(environment.getattr(l_1_video, 'title')))
        yield '</video:title>\n    <video:description>'
        yield str(environment.finalize(environment.getattr(l_1_video, 'description')))
        yield '</video:description>\n'
        if environment.getattr(l_1_video, 'content_loc'):
            pass
            yield '    <video:content_loc>'
            yield str(environment.finalize(environment.getattr(l_1_video, 'content_loc')))
            yield '</video:content_loc>\n'
        if environment.getattr(l_1_video, 'player_loc'):
            pass
            yield '    <video:player_loc>'
            yield str(environment.finalize(environment.getattr(l_1_video, 'player_loc')))
            yield '</video:player_loc>\n'
        yield from context.blocks['video_details'][0](context.derived({'loop': l_1_loop, 'video': l_1_video}))
        yield '  </video:video>\n'
    l_1_loop = l_1_video = missing

def block_video_details(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    _block_vars = {}
    l_0_video = resolve('video')
    try:
        t_1 = environment.filters['decimal']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'decimal' found.")
    try:
        t_4 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_2 = environment.filters['w3c']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'w3c' found.")
    try:
        t_5 = environment.filters['yesno']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'yesno' found.")
    try:
        t_3 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    if (not t_3(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'duration'))):
        pass
        yield '    <video:duration>'
        yield str(environment.finalize(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'duration')))
        yield '</video:duration>\n'
    if environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'expiration_date'):
        pass
        yield '    <video:expiration_date>'
        yield str(environment.finalize(t_2(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'expiration_date'))))
        yield '</video:expiration_date>\n'
    if (not t_3(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'rating'))):
        pass
        yield '    <video:rating>'
        yield str(environment.finalize(t_1(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'rating'))))
        yield '</video:rating>\n'
    if (not t_3(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'view_count'))):
        pass
        yield '    <video:view_count>'
        yield str(environment.finalize(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'view_count')))
        yield '</video:view_count>\n'
    if environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'publication_date'):
        pass
        yield '    <video:publication_date>'
        yield str(environment.finalize(t_2(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'publication_date'))))
        yield '</video:publication_date>\n'
    for l_1_tag in environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'tags'):
        _loop_vars = {}
        pass
        yield '    <video:tag>'
        yield str(environment.finalize(l_1_tag))
        yield '</video:tag>\n'
    l_1_tag = missing
    if (not t_3(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'family_friendly'))):
        pass
        yield '    <video:family_friendly>'
        yield str(environment.finalize(t_5(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'family_friendly'))))
        yield '</video:family_friendly>\n'
    if environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'restriction'):
        pass
        yield '    <video:restriction relationship="'
        yield str(environment.finalize(environment.getattr(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'restriction'), 'relationship')))
        yield '">'
        yield str(environment.finalize(t_4(context.eval_ctx, environment.getattr(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'restriction'), 'countries'), ' ')))
        yield '</video:restriction>\n'
    for l_1_price in environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'prices'):
        _loop_vars = {}
        pass
        yield '    <video:price'
        if environment.getattr(l_1_price, 'currency'):
            pass
            yield ' currency="'
            yield str(environment.finalize(environment.getattr(l_1_price, 'currency')))
            yield '"'
        if environment.getattr(l_1_price, 'type'):
            pass
            yield ' type="'
            yield str(environment.finalize(environment.getattr(l_1_price, 'type')))
            yield '"'
        if environment.getattr(l_1_price, 'resolution'):
            pass
            yield ' resolution="'
            yield str(environment.finalize(environment.getattr(l_1_price, 'resolution')))
            yield '"'
        yield '>'
        yield str(environment.finalize((environment.getattr(l_1_price, 'amount') or '')))
        yield '</video:price>\n'
    l_1_price = missing
    if (not t_3(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'requires_subscription'))):
        pass
        yield '    <video:requires_subscription>'
        yield str(environment.finalize(t_5(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'requires_subscription'))))
        yield '</video:requires_subscription>\n'
    if environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'uploader'):
        pass
        yield '    <video:uploader'
        if environment.getattr(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'uploader'), 'info'):
            pass
            yield ' info="'
            yield str(environment.finalize(environment.getattr(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'uploader'), 'info')))
            yield '"'
        yield '>'
        yield str(environment.finalize(environment.getattr(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'uploader'), 'name')))
        yield '</video:uploader>\n'
    if environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'platform'):
        pass
        yield '    <video:platform relationship="'
        yield str(environment.finalize(environment.getattr(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'platform'), 'relationship')))
        yield '">'
        yield str(environment.finalize(t_4(context.eval_ctx, environment.getattr(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'platform'), 'platforms'), ' ')))
        yield '</video:platform>\n'
    if (not t_3(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'live'))):
        pass
        yield '    <video:live>'
        yield str(environment.finalize(t_5(environment.getattr((undefined(name='video') if l_0_video is missing else l_0_video), 'live'))))
        yield '</video:live>\n'

def block_news(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    _block_vars = {}
    l_0_entry = resolve('entry')
    try:
        t_2 = environment.filters['w3c']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'w3c' found.")
    pass
    if environment.getattr((undefined(name='entry') if l_0_entry is missing else l_0_entry), 'news'):
        pass
        yield '  <news:news>\n    <news:publication>\n      <news:name>'
        yield str(environment.finalize(environment.getattr(environment.getattr((undefined(name='entry') if l_0_entry is missing else l_0_entry), 'news'), 'publication_name')))
        yield '</news:name>\n      <news:language>'
        yield str(environment.finalize(environment.getattr(environment.getattr((undefined(name='entry') if l_0_entry is missing else l_0_entry), 'news'), 'publication_language')))
        yield '</news:language>\n    </news:publication>\n    <news:publication_date>'
        yield str(environment.finalize(t_2(environment.getattr(environment.getattr((undefined(name='entry') if l_0_entry is missing else l_0_entry), 'news'), 'publication_date'))))
        yield '</news:publication_date>\n    <news:title>'
        yield str(environment.finalize(environment.getattr(environment.getattr((undefined(name='entry') if l_0_entry is missing else l_0_entry), 'news'), 'title')))
        yield '</news:title>\n  </news:news>\n'

def block_alternates(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    _block_vars = {}
    l_0_entry = resolve('entry')
    try:
        t_6 = environment.filters['dictsort']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No filter named 'dictsort' found.")
    pass
    for (l_1_hreflang, l_1_href) in t_6(environment.getattr((undefined(name='entry') if l_0_entry is missing else l_0_entry), 'alternates')):
        _loop_vars = {}
        pass
        yield '  <xhtml:link rel="alternate" hreflang="'
        yield str(environment.finalize(l_1_hreflang))
        yield '" href="'
        yield str(environment.finalize(l_1_href))
        yield '"/>\n'
    l_1_hreflang = l_1_href = missing

blocks = {'extensions': block_extensions, 'images': block_images, 'videos': block_videos, 'video_details': block_video_details, 'news': block_news, 'alternates': block_alternates}
debug_info = '9=31&10=33&11=36&13=38&14=41&16=43&17=46&19=48&20=59&27=60&83=61&95=62&20=64&21=73&23=77&27=81&28=91&30=95&31=97&32=99&33=101&34=104&36=106&37=109&39=111&40=154&41=157&43=159&44=162&46=164&47=167&49=169&50=172&52=174&53=177&55=179&56=183&58=186&59=189&61=191&62=194&64=198&65=202&67=221&68=224&70=226&71=229&73=237&74=240&76=244&77=247&83=250&84=265&87=268&88=270&90=272&91=274&95=277&96=292&97=296'
# url.xml: made by `python3 dev.py templates` with Jinja 3.1.6; do not edit.
