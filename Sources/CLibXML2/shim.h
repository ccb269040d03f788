#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/entities.h>

/// An external entity loader that loads nothing: installed before every parse, so that no
/// DTD, external entity or XInclude is ever read from a file or the network (XXE), whatever
/// the document asks for. Swift cannot write a C variadic-free loader with libxml2's exact
/// signature as a global without a shim, so it lives here.
static inline xmlParserInputPtr CLibXML2_refuseExternalEntity(
    const char *url, const char *id, xmlParserCtxtPtr context) {
  (void)url;
  (void)id;
  (void)context;
  return NULL;
}

/// Installs `CLibXML2_refuseExternalEntity` as libxml2's loader.
static inline void CLibXML2_refuseExternalEntities(void) {
  xmlSetExternalEntityLoader(CLibXML2_refuseExternalEntity);
}

/// Whether a parsed document declares any entity in its internal or external subset (the
/// shape of a billion-laughs or an external-entity file); Swift cannot read the subsets'
/// `void *` entity tables, so the check lives here.
static inline int CLibXML2_declaresEntities(xmlDocPtr document) {
  if (document == NULL) return 0;
  if (document->intSubset != NULL && document->intSubset->entities != NULL) return 1;
  if (document->extSubset != NULL && document->extSubset->entities != NULL) return 1;
  return 0;
}
